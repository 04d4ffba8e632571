/**
 * Terminal names shared through the store, end to end: two real harnesses (each its own data
 * folder), one standalone sandbox bank and one real PostgreSQL. A manager names a terminal on
 * one register; the other shows it on its counter and in its back office without a restart.
 * With the store down, the last names known stay and a rename says it cannot be shared.
 */
import { test, expect, type Fixtures, type Page } from './testing/fixtures.js';
import { TERMINAL_REFRESH_MS } from '../electron/core/terminal-watch.js';
import { SANDBOX_TERMINALS } from '../electron/sandbox/seed-ids.js';
import { Bank, harnessControl } from './testing/bank.js';
import { charge, expectHeading, snap } from './testing/cashier.js';

const T = SANDBOX_TERMINALS.fr;
test.describe.configure({ mode: 'serial' });
test.setTimeout(120_000);

/** This test's registers: each a harness on the standalone sandbox, sharing the store at storeUrl. */
const registers = ({ startHarness, sandbox }: Pick<Fixtures, 'startHarness' | 'sandbox'>) =>
  (storeUrl: string, name: string) => startHarness({ apiBaseUrl: sandbox.url, store: { url: storeUrl, registerName: name } });

async function openTerminals(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Back office' }).click();
  await page.getByRole('tab', { name: 'Terminals' }).click();
}

async function nameTerminal(page: Page, serial: string, name: string): Promise<void> {
  await page.getByLabel(`Name of terminal ${serial}`).fill(name);
  await page.getByRole('row', { name: new RegExp(serial) }).getByRole('button', { name: 'Save name' }).click();
}

const option = (page: Page, text: string) => page.getByLabel('Terminal').locator('option', { hasText: text });

test('a name set on one register reaches the other\'s counter and back office without a restart, and so does the last use', async ({ browser, startHarness, sandbox, store: pg }, info) => {
  const register = registers({ startHarness, sandbox });
  const store = pg.database('names').url;
  const [h1, h2] = [await register(store, 'Caisse 1'), await register(store, 'Caisse 2')];
  const [p1, p2] = [await (await browser.newContext()).newPage(), await (await browser.newContext()).newPage()];
  const serial = await new Bank(sandbox.url).poiId(T.approve);
  await p2.goto(h2.url);
  await expect(option(p2, serial)).toHaveText(serial);

  await p1.goto(h1.url);
  await openTerminals(p1);
  await nameTerminal(p1, serial, 'Comptoir');
  await expect(p1.getByRole('status').filter({ hasText: 'Terminal named' })).toHaveText('Terminal named "Comptoir"');
  await p1.getByRole('button', { name: 'Counter' }).click();
  await expect(option(p1, serial)).toHaveText(`Comptoir (${serial})`);

  // Register 2 re-reads its terminals every few minutes: its counter follows without a reload.
  await harnessControl(h2.url, 'clock', { advance_ms: TERMINAL_REFRESH_MS });
  await expect(option(p2, serial)).toHaveText(`Comptoir (${serial})`);
  await snap(p2, info, 'store-names-01-other-counter');
  await openTerminals(p2);
  await expect(p2.getByLabel(`Name of terminal ${serial}`)).toHaveValue('Comptoir');

  // A sale on register 1: its own picker says so at once, register 2 sees it on its next look.
  await p1.getByRole('button', { name: 'Counter' }).click();
  await charge(p1, '1250', T.approve);
  await expectHeading(p1, 'Paid');
  await p1.getByRole('button', { name: 'New sale' }).click();
  await expect(p1.getByText(`Used last: Comptoir (${serial}), `)).toBeVisible();
  await p2.getByRole('button', { name: 'Refresh list' }).click();
  await expect(p2.getByRole('note').filter({ hasText: 'Last used' })).toContainText(`Comptoir (${serial})`);
  await snap(p2, info, 'store-names-02-other-back-office');
  const db = new URL(store).pathname.slice(1);
  expect(pg.cluster.psql(`SELECT name || '|' || (last_used_at IS NOT NULL) FROM terminal_names WHERE bank_environment = 'training' AND terminal_id = '${T.approve}'`, db).trim())
    .toBe('Comptoir|true');
});

test('with the store down: the last names known stay on screen, and a rename says it cannot be shared right now', async ({ page, startHarness, sandbox, store: pg }, info) => {
  const register = registers({ startHarness, sandbox });
  const store = pg.database('names').url;
  const h = await register(store, 'Caisse 1');
  const serial = await new Bank(sandbox.url).poiId(T.approve);
  await page.goto(h.url);
  await openTerminals(page);
  await nameTerminal(page, serial, 'Comptoir');
  await expect(page.getByRole('status').filter({ hasText: 'Terminal named' })).toBeVisible();

  await pg.cluster.kill();
  try {
    // An idle register learns the store is gone from the next read: the names come from its own copy.
    await page.getByRole('button', { name: 'Refresh list' }).click();
    await expect(page.getByLabel(`Name of terminal ${serial}`)).toHaveValue('Comptoir');
    await nameTerminal(page, serial, 'Terrasse');
    const alert = page.getByRole('alert').filter({ hasText: 'The name was not changed' });
    await expect(alert).toContainText('Try again when the store is back');
    await snap(page, info, 'store-names-03-store-down');
    await page.getByRole('button', { name: 'Counter' }).click();
    await expect(option(page, serial)).toHaveText(`Comptoir (${serial})`);
  } finally {
    await pg.cluster.start();
  }
});
