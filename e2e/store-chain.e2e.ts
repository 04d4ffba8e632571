/**
 * Store mode with a journal that lost its newest day file, and a data folder copied to a second
 * computer, against a real PostgreSQL: every record of both still reaches the store, every sale
 * shows in the whole store's view, and the store panel names the restarted journal.
 */
import { test, expect } from './testing/fixtures.js';
import { cpSync, mkdtempSync, readdirSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JournalFeed } from '../electron/store/journal-feed.js';
import { SANDBOX_TERMINALS } from '../electron/sandbox/seed-ids.js';
import { kill, type Harness } from './testing/processes.js';
import { charge, expectHeading, snap } from './testing/cashier.js';

test.setTimeout(120_000);

const records = async (h: Harness): Promise<number> => (await JournalFeed.forDataDir(join(h.dataDir, 'training')).since(-1, 1_000_000)).length;

test('a lost newest day file and a copied data folder: every record in the store, the restart named', async ({ page, store, sandbox, startHarness }, info) => {
  const db = store.database();
  const sql = (q: string) => store.cluster.psql(q, db.name).trim();
  const register = (dataDir: string) => startHarness({ apiBaseUrl: sandbox.url, store: { url: db.url, registerName: 'Caisse 1' }, dataDir });
  const sell = async (h: Harness, amount: string) => {
    await page.goto(h.url);
    await charge(page, amount, SANDBOX_TERMINALS.fr.approve);
    await expectHeading(page, 'Paid');
    await page.getByRole('button', { name: 'New sale' }).click();
  };
  const dir = mkdtempSync(join(tmpdir(), 'counterpay-e2e-chain-'));
  let h1 = await register(dir);
  await sell(h1, '1100');
  await sell(h1, '1200');
  await expect.poll(async () => Number(sql('SELECT count(*) FROM chain_records')), { timeout: 20_000 }).toBe(await records(h1));
  await kill(h1);

  // The newest (here the only) day file is lost; the same folder is copied to a second computer first.
  const twinDir = mkdtempSync(join(tmpdir(), 'counterpay-e2e-twin-'));
  cpSync(dir, twinDir, { recursive: true });
  const journalDir = join(dir, 'training', 'journal');
  for (const f of readdirSync(journalDir).filter((n) => n.endsWith('.jsonl'))) unlinkSync(join(journalDir, f));
  h1 = await register(dir);
  await sell(h1, '1300');
  const twin = await register(twinDir);
  await sell(twin, '1400');
  for (const h of [h1, twin]) {
    const local = await JournalFeed.forDataDir(join(h.dataDir, 'training')).since(-1, 1_000_000);
    for (const r of local) await expect.poll(() => sql(`SELECT count(*) FROM chain_records WHERE seq = ${r.seq} AND hash = '${r.chain?.hash ?? ''}'`), { timeout: 20_000 }).toBe('1');
  }
  expect(sql(`SELECT string_agg(amount_minor::text, ',' ORDER BY amount_minor) FROM attempts WHERE state = 'authorized'`)).toBe('1100,1200,1300,1400');

  await page.goto(h1.url);
  await page.getByRole('button', { name: 'Back office', exact: true }).click();
  await page.getByRole('tab', { name: 'Settings' }).click();
  await expect(page.getByRole('region', { name: 'Shop store' }).getByRole('alert')).toContainText('Caisse 1’s journal restarted at record 1: records 1–');
  await snap(page, info, '70-store-journal-restarted');
  await page.getByRole('tab', { name: 'Payment journal' }).click();
  await page.getByRole('radio', { name: 'Whole store' }).check();
  await expect(page.locator('.history-row')).toHaveCount(4);
  await expect(page.getByRole('alert').filter({ hasText: 'journal restarted at record 1' })).toBeVisible();
  await snap(page, info, '71-store-view-journal-restarted');
});

test('the newest day file lost with a sale open: the sale only the store still holds is taken in and watched again', async ({ page, store, sandbox, startHarness }, info) => {
  const db = store.database();
  const sql = (q: string) => store.cluster.psql(q, db.name).trim();
  const register = (dataDir: string) => startHarness({ apiBaseUrl: sandbox.url, store: { url: db.url, registerName: 'Caisse 1' }, dataDir });
  const dir = mkdtempSync(join(tmpdir(), 'counterpay-e2e-open-'));
  let h = await register(dir);
  await page.goto(h.url);
  // The slow terminal answers after 90 s: the sale is still open when its file is lost.
  await charge(page, '1550', SANDBOX_TERMINALS.fr.slow);
  await expectHeading(page, 'Waiting for the customer on the terminal');
  await expect.poll(async () => Number(sql('SELECT count(*) FROM chain_records')), { timeout: 20_000 }).toBe(await records(h));
  await kill(h);
  const journalDir = join(dir, 'training', 'journal');
  for (const f of readdirSync(journalDir).filter((n) => n.endsWith('.jsonl'))) unlinkSync(join(journalDir, f));
  // The lease is gone too (it expired while the till was down): the sale taken in must take its terminal back.
  sql('DELETE FROM terminal_leases');

  h = await register(dir);
  await page.goto(h.url);
  await expect(page.getByRole('alert').filter({ hasText: 'A file of the payment journal has disappeared' })).toBeVisible();
  // Taken in from the store's copy: on the counter again, and journaled by the store.
  await expect(page.getByText('€15.50').first()).toBeVisible({ timeout: 20_000 });
  await expect.poll(async () => (await JournalFeed.forDataDir(join(dir, 'training')).since(-1, 1_000)).some((r) => r.chain?.by === 'store' && r.attempts.some((a) => a.amountMinor === 1550)), { timeout: 20_000 }).toBe(true);
  await expect.poll(() => sql(`SELECT register_name FROM terminal_leases WHERE terminal_id = '${SANDBOX_TERMINALS.fr.slow}'`), { timeout: 20_000 }).toBe('Caisse 1');
  await snap(page, info, '72-store-open-sale-taken-in');
});
