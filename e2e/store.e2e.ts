/**
 * Store mode end to end: two real harnesses (each its own data folder), one standalone sandbox
 * bank and one real PostgreSQL that this file starts from the server binaries. Registers share
 * the terminals through leases and their journals through the store.
 */
import { test as base, expect, type Page } from './testing/fixtures.js';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { LocalCluster } from '../electron/store/local-cluster.js';
import { JournalFeed } from '../electron/store/journal-feed.js';
import { SANDBOX_TERMINALS } from '../electron/sandbox/seed-ids.js';
import { kill, type Harness } from './testing/processes.js';
import { harnessControl, type Bank } from './testing/bank.js';
import { expectHeading, pickTerminal, shownKey, snap, typeAmount } from './testing/cashier.js';

const T = SANDBOX_TERMINALS.fr;

/** One shop per test: a fresh store database on the worker's PostgreSQL, the standalone sandbox as its bank. */
interface Shop {
  cluster: LocalCluster;
  storeUrl: string;
  bank: Bank;
  /** A register of this shop (storeUrl: a store it is pointed at instead, to see it refused). */
  register(name: string, dataDir?: string, storeUrl?: string): Promise<Harness>;
  /** SQL on this shop's store database, as the superuser. */
  sql(q: string): string;
}

const test = base.extend<{ shop: Shop }>({
  shop: async ({ store, sandbox, startHarness }, use) => {
    const db = store.database();
    await use({
      cluster: store.cluster,
      storeUrl: db.url,
      bank: sandbox.bank,
      register: (name, dataDir, storeUrl = db.url) =>
        startHarness({ apiBaseUrl: sandbox.url, store: { url: storeUrl, registerName: name }, ...(dataDir ? { dataDir } : {}) }),
      sql: (q) => store.cluster.psql(q, db.name).trim(),
    });
  },
});

test.describe.configure({ mode: 'serial' });
test.setTimeout(120_000);

/** Every (record, attempt) of a register's journal files. */
async function journalRows(h: Harness): Promise<number> {
  const records = await JournalFeed.forDataDir(join(h.dataDir, 'training')).since(-1, 1_000_000);
  return records.reduce((n, r) => n + r.attempts.length, 0);
}

async function expectStoreHoldsJournals({ sql }: Shop, registers: Harness[]): Promise<void> {
  let want = 0;
  for (const h of registers) want += await journalRows(h);
  await expect.poll(() => Number(sql('SELECT count(*) FROM journal_records')), { timeout: 20_000 }).toBe(want);
}

async function readyToCharge(page: Page, h: Harness, amount: string, terminalId: string): Promise<void> {
  await page.goto(h.url);
  await expect(page.getByText(/^Caisse \d$/)).toBeVisible();
  await typeAmount(page, amount);
  await pickTerminal(page, terminalId);
}

test('two registers charge one terminal at the same moment: one payment, the other is told who holds it', async ({ browser, shop }, info) => {
  const { bank, register, sql } = shop;
  await bank.setBehaviour(T.approve, 'approve', 3000);
  const [h1, h2] = [await register('Caisse 1'), await register('Caisse 2')];
  const [p1, p2] = [await (await browser.newContext()).newPage(), await (await browser.newContext()).newPage()];
  await readyToCharge(p1, h1, '3300', T.approve);
  await readyToCharge(p2, h2, '4400', T.approve);
  await Promise.all([p1.getByRole('button', { name: 'Charge' }).click(), p2.getByRole('button', { name: 'Charge' }).click()]);
  const poi = await bank.poiId(T.approve);
  // An English screen says the amount the English way, whatever the organization's locale.
  const busy = new RegExp(`${poi} is busy with Caisse [12] \\(€(33|44)\\.00, \\d+ s left\\)`);
  const loser = await Promise.race([
    p1.getByText(busy).first().waitFor().then(() => p1),
    p2.getByText(busy).first().waitFor().then(() => p2),
  ]);
  const winner = loser === p1 ? p2 : p1;
  await snap(loser, info, 'store-01-terminal-busy');
  await expectHeading(winner, 'Paid');
  expect(await bank.payments()).toHaveLength(1);
  // The terminal is free again: the other register charges it now.
  await loser.getByRole('button', { name: 'Charge' }).click();
  await expectHeading(loser, 'Paid');
  expect(await bank.payments()).toHaveLength(2);
  await expectStoreHoldsJournals(shop, [h1, h2]);
  expect(sql(`SELECT string_agg(r.name || ':' || a.state, ',' ORDER BY r.name) FROM attempts a JOIN registers r USING (register_id)`))
    .toBe('Caisse 1:authorized,Caisse 2:authorized');
});

test('the lease holder killed mid-payment: the other register is told who holds it until the lease expires on its clock, then charges; the holder restarts and finishes with the same key', async ({ browser, shop }, info) => {
  const { bank, register } = shop;
  await bank.setBehaviour(T.approve, 'approve', 6000);
  const [h1, h2] = [await register('Caisse 1'), await register('Caisse 2')];
  const [p1, p2] = [await (await browser.newContext()).newPage(), await (await browser.newContext()).newPage()];
  await readyToCharge(p1, h1, '1200', T.approve);
  await p1.getByRole('button', { name: 'Charge' }).click();
  await expectHeading(p1, 'Waiting for the customer on the terminal');
  const key = await shownKey(p1);
  await kill(h1);
  await readyToCharge(p2, h2, '900', T.approve);
  await p2.getByRole('button', { name: 'Charge' }).click();
  const busy = p2.getByRole('alert').filter({ hasText: /is busy with Caisse 1 \(€12\.00, \d+ s left\)/ });
  await expect(busy).toBeVisible();
  await snap(p2, info, 'store-04-terminal-busy-holder-killed');
  // The lease runs to the attempt's deadline plus a margin (150 s), counted on the asking register's clock.
  const secondsLeft = Number(/, (\d+) s left/.exec((await busy.textContent()) ?? '')?.[1]);
  expect(secondsLeft).toBeGreaterThan(120);
  expect(secondsLeft).toBeLessThanOrEqual(150);
  await harnessControl(h2.url, 'clock', { advance_ms: (secondsLeft - 5) * 1000 });
  await p2.getByRole('button', { name: 'Charge' }).click();
  await expect(p2.getByRole('alert').filter({ hasText: /is busy with Caisse 1 \(€12\.00, [1-9] s left\)/ })).toBeVisible();
  expect(await bank.payments()).toHaveLength(1);
  await harnessControl(h2.url, 'clock', { advance_ms: 6_000 });
  await p2.getByRole('button', { name: 'Charge' }).click();
  await expectHeading(p2, 'Paid', 30_000);
  const again = await register('Caisse 1', h1.dataDir);
  await p1.goto(again.url);
  // Restored from the journal and finished with its own key (the attempt panel, or the day list if it finished first).
  await expect(p1.getByRole('listitem').filter({ hasText: `Ref. ${key}` }).filter({ hasText: 'Paid' })).toBeVisible({ timeout: 30_000 });
  const payments = await bank.payments();
  expect(payments).toHaveLength(2);
  expect(payments.filter((p) => p.idempotency_key.startsWith(key))).toHaveLength(1);
  await expectStoreHoldsJournals(shop, [again, h2]);
});

test('PostgreSQL killed during shipping: registers charge after confirming the terminal, then the store catches up exactly once', async ({ page, shop }, info) => {
  const { cluster, bank, register, sql } = shop;
  await bank.setBehaviour(T.approve, 'approve', 500);
  const h = await register('Caisse 1');
  await readyToCharge(page, h, '1000', T.approve);
  await page.getByRole('button', { name: 'Charge' }).click();
  await expectHeading(page, 'Paid');
  await cluster.kill();
  await page.getByRole('button', { name: 'New sale' }).click();
  await typeAmount(page, '1100');
  await page.getByRole('button', { name: 'Charge' }).click();
  await expect(page.getByText(/The store cannot be reached/).first()).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'The store is not reachable' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Store not reachable' })).toBeVisible();
  await snap(page, info, 'store-02-store-unreachable');
  await page.getByRole('button', { name: /shows no other payment: charge/ }).click();
  await expectHeading(page, 'Paid');
  expect(await bank.payments()).toHaveLength(2);
  await cluster.start();
  await expectStoreHoldsJournals(shop, [h]);
  await expect(page.getByRole('status').filter({ hasText: 'Store not reachable' })).toBeHidden();
  expect(sql(`SELECT count(DISTINCT (seq, attempt_id)) = count(*) FROM journal_records`)).toBe('t');
  expect(sql(`SELECT count(*) FROM attempts WHERE state = 'authorized'`)).toBe('2');
  expect(sql(`SELECT string_agg(snapshot->>'lease', ',' ORDER BY amount_minor) FROM attempts`)).toBe('held,none_store_down');
  // kill -9 and restart: the journal's detail still says which sale left without a lease.
  await kill(h);
  await page.goto((await register('Caisse 1', h.dataDir)).url);
  await page.getByRole('button', { name: 'Back office' }).click();
  await page.getByRole('tab', { name: 'Payment journal' }).click();
  const unleased = page.getByRole('listitem').filter({ hasText: '€11.00' });
  await unleased.locator('summary').click();
  await expect(unleased.getByText('No: the store could not be reached and the cashier confirmed the terminal was free')).toBeVisible();
  await snap(page, info, 'store-05-journal-no-lease');
});

test('each store the register cannot use is named, with its own reason, in Settings', async ({ browser, shop }, info) => {
  const { cluster, storeUrl, register } = shop;
  const wrongPassword = new URL(storeUrl);
  wrongPassword.password = 'not-the-password';
  const foreign = `foreign_${randomUUID().slice(0, 8)}`;
  cluster.psql(`CREATE DATABASE ${foreign}`);
  cluster.psql('CREATE TABLE invoices (id int)', foreign);
  const newer = `newer_${randomUUID().slice(0, 8)}`;
  cluster.psql(`CREATE DATABASE ${newer}`);
  cluster.psql('CREATE TABLE counterpay_schema (singleton boolean PRIMARY KEY DEFAULT true, version integer NOT NULL); INSERT INTO counterpay_schema (version) VALUES (999)', newer);
  const cases: [string, string, RegExp][] = [
    ['unreachable', 'postgres://counterpay:x@127.0.0.1:9/counterpay', /does not answer/],
    ['wrong-password', wrongPassword.toString(), /refused the user name or password/],
    ['not-a-store', cluster.url(foreign), /belongs to something else/],
    ['newer-schema', cluster.url(newer), /set up by a newer Counterpay/],
  ];
  for (const [name, url, words] of cases) {
    const h = await register('Caisse 1', undefined, url);
    const page = await (await browser.newContext()).newPage();
    await page.goto(h.url);
    const title = name === 'unreachable' ? 'The store is not reachable' : 'Not connected to the store';
    await expect(page.getByRole('alert').filter({ hasText: title })).toBeVisible({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Back office' }).click();
    await page.getByRole('tab', { name: 'Settings' }).click();
    await expect(page.getByRole('region', { name: 'Shop store' }).getByRole('status').filter({ hasText: words })).toBeVisible({ timeout: 20_000 });
    await snap(page, info, `store-03-settings-${name}`);
    await kill(h);
  }
  expect(cluster.psql('SELECT version FROM counterpay_schema', newer).trim()).toBe('999');
});
