/**
 * Store mode on a bad day: registers whose clocks disagree with each other and with the store,
 * and a store server that stalls in the middle of a lease. Real harness processes (each its own
 * clock), one standalone sandbox bank and one real PostgreSQL started from the server binaries.
 */
import { test, expect, type Page, type Shop } from './testing/fixtures.js';
import { SANDBOX_TERMINALS } from '../electron/sandbox/seed-ids.js';
import type { Harness } from './testing/processes.js';
import { expectHeading, pickTerminal, snap, typeAmount } from './testing/cashier.js';

const T = SANDBOX_TERMINALS.fr;
const MINUTE = 60_000;
test.describe.configure({ mode: 'serial' });
test.setTimeout(180_000);

let paused = false;

test.afterEach(({ shop }) => {
  if (paused) shop.cluster.resume();
  paused = false;
});

async function openRegister(shop: Shop, page: Page, name: string, clockOffsetMs: number): Promise<Harness> {
  const h = await shop.register(name, { clockOffsetMs });
  await page.goto(h.url);
  await expect(page.getByText(name, { exact: true })).toBeVisible();
  return h;
}

async function charge(page: Page, amount: string): Promise<void> {
  const another = page.getByRole('button', { name: 'New sale' });
  if (await another.isVisible()) await another.click();
  await typeAmount(page, amount);
  await pickTerminal(page, T.approve);
  await page.getByRole('button', { name: 'Charge' }).click();
}

const leaseRows = (shop: Shop) => Number(shop.sql('SELECT count(*) FROM terminal_leases'));

for (const skew of [3 * MINUTE, 60 * MINUTE]) {
  test(`registers ${skew / MINUTE} min either side of the store charge one terminal in both orders: one push each time, the other told busy for the whole lease`, async ({ browser, shop }, info) => {
    // The terminal takes its time, so the other register always asks while the first payment is open, however loaded the machine.
    await shop.bank.setBehaviour(T.approve, 'approve', 20_000);
    const [p1, p2] = [await (await browser.newContext()).newPage(), await (await browser.newContext()).newPage()];
    await openRegister(shop, p1, 'Caisse 1', skew);
    await openRegister(shop, p2, 'Caisse 2', -skew);
    const poi = await shop.bank.poiId(T.approve);
    for (const [first, second, holder, amount] of [[p1, p2, 'Caisse 1', '12.00'], [p2, p1, 'Caisse 2', '13.00']] as const) {
      await charge(first, amount.replace('.', ''));
      await expectHeading(first, 'Waiting for the customer on the terminal');
      await charge(second, '900');
      const busy = second.getByRole('alert').filter({ hasText: new RegExp(`${poi} is busy with ${holder} \\(€${amount.replace('.', '\\.')}, (\\d+) s left\\)`) });
      await expect(busy).toBeVisible();
      // The lease lasts 150 s on the store's clock whichever register holds it: a few seconds went by.
      const left = Number(/, (\d+) s left/.exec((await busy.textContent()) ?? '')?.[1]);
      expect(left).toBeGreaterThan(120);
      expect(left).toBeLessThanOrEqual(150);
      await expectHeading(first, 'Paid', 60_000);
    }
    expect(await shop.bank.payments()).toHaveLength(2);
    await snap(p1, info, `store-clocks-busy-${skew / MINUTE}min`);
    // The manager is told how far each register's clock is off, in plain words.
    await p1.getByRole('button', { name: 'Back office' }).click();
    await p1.getByRole('tab', { name: 'Settings' }).click();
    const words = skew === 3 * MINUTE ? /clock is 3 minutes ahead of the store server’s/ : /clock is 60 minutes ahead of the store server’s/;
    await expect(p1.getByRole('region', { name: 'Shop store' }).getByRole('status').filter({ hasText: words })).toBeVisible({ timeout: 20_000 });
    await snap(p1, info, `store-clocks-settings-${skew / MINUTE}min`);
  });
}

test('PostgreSQL paused during a lease request, then resumed: the register says it waits, the terminal is free within seconds and nobody holds it', async ({ browser, shop }, info) => {
  await shop.bank.setBehaviour(T.approve, 'approve', 500);
  const [p1, p2] = [await (await browser.newContext()).newPage(), await (await browser.newContext()).newPage()];
  await openRegister(shop, p1, 'Caisse 1', 0);
  await openRegister(shop, p2, 'Caisse 2', 0);
  shop.cluster.pause();
  paused = true;
  await charge(p1, '1200');
  await expect(p1.getByText(/The store cannot be reached/).first()).toBeVisible({ timeout: 15_000 });
  const waiting = p1.getByRole('status').filter({ hasText: 'Waiting for the store' });
  await expect(waiting).toBeVisible();
  await snap(p1, info, 'store-clocks-lease-waiting');
  shop.cluster.resume();
  paused = false;
  await expect(waiting).toBeHidden({ timeout: 10_000 });
  expect(leaseRows(shop)).toBe(0);
  await charge(p2, '900');
  await expectHeading(p2, 'Paid', 30_000);
  expect(await shop.bank.payments()).toHaveLength(1);
});
