/**
 * The whole store's day end to end: two registers (two harnesses, their own data folders), one
 * standalone sandbox bank and one real PostgreSQL this file starts. Sales on both registers (one
 * with a tip, one refused); the manager's whole-store view counts exactly what each register's
 * own view counts and what the sandbox recorded; the store's CSV from the screen and from
 * `npm run journal -- export --store-url` are parsed back and compared; the store's Z report is
 * read back from a PDF; one register closes its day and the whole store's view and report say it
 * closed and the other did not; a store that goes away is said, and this register's journal offered.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { test, expect, type Page } from './testing/fixtures.js';
import { parse } from 'csv-parse/sync';
import { extractText, getDocumentProxy } from 'unpdf';
import type { HistoryQuery, HistoryView } from '../shared/domain/day-report.js';
import { decimalStringToMinor } from '../shared/money.js';
import { CSV_COLUMNS } from '../electron/history/csv-export.js';
import { SANDBOX_TERMINALS } from '../electron/sandbox/seed-ids.js';
import { charge, expectHeading, snap } from './testing/cashier.js';

const T = SANDBOX_TERMINALS.fr;
test.describe.configure({ mode: 'serial' });
test.setTimeout(150_000);

const localDay = (ms: number) => {
  const d = new Date(ms);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** The manager's journal as the screen asks for it, through the page's own bridge. */
async function journal(page: Page, q: HistoryQuery): Promise<HistoryView> {
  const res = await page.evaluate((query) => window.counterpay.journalHistory(query), q);
  if (!res.ok) throw new Error(`journalHistory refused: ${res.error.message}`);
  return res.value;
}

async function openJournal(page: Page, day: string): Promise<void> {
  await page.getByRole('button', { name: 'Back office' }).click();
  await page.getByRole('tab', { name: 'Payment journal' }).click();
  await page.getByLabel('From', { exact: true }).fill(day);
  await page.getByLabel('To', { exact: true }).fill(day);
}

const registerFilter = (page: Page) => page.locator('label', { hasText: /^Register/ }).locator('select');
const figure = (page: Page, name: string) => page.locator('.totals-figures').getByText(name, { exact: true }).locator('..');

test('the whole store\'s day: same totals as each register\'s own and as the bank\'s record; CSV from the screen and the command line; store report', async ({ browser, store: pg, sandbox, startHarness }, info) => {
  const { cluster } = pg;
  const storeUrl = pg.database().url;
  const bank = sandbox.bank;
  await bank.setBehaviour(T.approve, 'tip', 300, { tip_amount: '2.00' });
  await bank.setBehaviour(T.refuse, 'refuse', 300);
  const register = async (registerName: string, locale?: string) => {
    const h = await startHarness({ apiBaseUrl: sandbox.url, store: { url: storeUrl, registerName }, ...(locale ? { locale } : {}) });
    const page = await (await browser.newContext({ acceptDownloads: true })).newPage();
    await page.goto(h.url);
    await expect(page.getByText(registerName, { exact: true }).first()).toBeVisible();
    return page;
  };
  const [p1, p2] = [await register('Caisse 1'), await register('Caisse 2')];
  const day = localDay(Date.now());

  await charge(p1, '1000', T.approve, 'TIP-1');
  await expectHeading(p1, 'Paid');
  await bank.setBehaviour(T.approve, 'approve', 300);
  await charge(p2, '830', T.refuse, 'REFUSED-2');
  await expectHeading(p2, 'Refused');
  await p2.getByRole('button', { name: 'New sale' }).click();
  await charge(p2, '2550', T.approve, '=CAISSE2');
  await expectHeading(p2, 'Paid');

  // Each register's own view, then the store's once both registers' records have been shipped.
  const [own1, own2] = [await journal(p1, { from: day, to: day }), await journal(p2, { from: day, to: day })];
  expect([own1.rows.length, own2.rows.length]).toEqual([1, 2]);
  let whole: HistoryView | null = null;
  await expect.poll(async () => {
    whole = await journal(p1, { from: day, to: day, scope: 'store' });
    return whole.rows.filter((r) => r.status !== 'open').length;
  }, { timeout: 20_000 }).toBe(3);
  const store = whole as unknown as HistoryView;
  const reg1 = own1.rows[0]!.registerId;
  const reg2 = own2.rows[0]!.registerId;
  expect(store.registerNames).toMatchObject({ [reg1]: 'Caisse 1', [reg2]: 'Caisse 2' });
  expect(store.totals.authorized).toEqual({
    count: own1.totals.authorized.count + own2.totals.authorized.count,
    authorizedMinor: own1.totals.authorized.authorizedMinor + own2.totals.authorized.authorizedMinor,
    tipMinor: own1.totals.authorized.tipMinor + own2.totals.authorized.tipMinor,
  });
  expect(store.totals.byRegister[reg1]).toEqual(own1.totals.authorized);
  expect(store.totals.byRegister[reg2]).toEqual(own2.totals.authorized);
  expect(store.totals.refused).toBe(own1.totals.refused + own2.totals.refused);
  expect(store.totals.refused).toBe(1);
  // The sandbox's own record of payments: the amounts it authorized and the tips added to them.
  const paid = (await bank.payments()).filter((p) => p.status.toUpperCase() === 'AUTHORIZED');
  const minor = (s: string | undefined) => (s === undefined ? 0 : decimalStringToMinor(s) ?? NaN);
  expect(paid).toHaveLength(2);
  expect(store.totals.authorized.tipMinor).toBe(paid.reduce((s, p) => s + minor(p.tip_amount?.value), 0));
  expect(store.totals.authorized.authorizedMinor).toBe(paid.reduce((s, p) => s + minor(p.amount.value) + minor(p.tip_amount?.value), 0));
  expect(store.totals.authorized.authorizedMinor).toBe(1200 + 2550);
  expect(store.totals.authorized.tipMinor).toBe(200);
  // Filtered by register, the store's view is that register's own.
  expect((await journal(p1, { from: day, to: day, scope: 'store', registerId: reg2 })).totals).toEqual(own2.totals);

  // The manager's screen: the whole store, registers by name.
  await openJournal(p1, day);
  await p1.getByRole('radio', { name: 'Whole store' }).check();
  await expect(figure(p1, 'Paid')).toContainText('€37.50');
  await expect(figure(p1, 'of which tips')).toContainText('€2.00');
  await expect(p1.locator('.history-row')).toHaveCount(3);
  await expect(p1.locator('.history-register')).toHaveText(['Caisse 2', 'Caisse 2', 'Caisse 1']);
  const byRegister = p1.locator('.totals-table').filter({ hasText: 'By register' });
  await expect(byRegister.getByRole('row', { name: /Caisse 1/ })).toContainText('€12.00');
  await expect(byRegister.getByRole('row', { name: /Caisse 2/ })).toContainText('€25.50');
  const registersDays = p1.getByRole('group', { name: 'The registers\' days' });
  await expect(registersDays).toContainText('Caisse 1: not closed yet, nothing left to settle');
  await expect(registersDays).toContainText('2 registers have not closed this day yet.');
  await snap(p1, info, 'store-day-01-whole-store-en');

  // Caisse 1 closes its own day; the closing reaches the store and the whole store's view says who closed and who has not.
  await p1.getByRole('radio', { name: 'This register' }).check();
  const closing = p1.getByLabel('Closing');
  await closing.getByLabel('Closed by').fill('Marie');
  await closing.getByRole('button', { name: /^Close / }).click();
  await expect(closing).toContainText('Closed by Marie');
  // The closing row and, with the chain, the signature record after it (the head the whole store's Z prints).
  await expect.poll(async () => (await journal(p2, { from: day, to: day, scope: 'store' })).closings.map((c) => [c.registerId, c.by, Boolean(c.signature)]), { timeout: 20_000 })
    .toEqual([[reg1, 'Marie', true]]);
  await p1.getByRole('radio', { name: 'Whole store' }).check();
  await expect(registersDays.locator('li')).toHaveText([/^Caisse 1: closed by Marie on .+/, 'Caisse 2: not closed yet, nothing left to settle']);
  await expect(registersDays).toContainText('1 register has not closed this day yet.');
  await snap(p1, info, 'store-day-01b-one-register-closed-en');
  await registerFilter(p1).selectOption({ label: 'Caisse 2' });
  await expect(figure(p1, 'Paid')).toContainText('€25.50');
  await expect(figure(p1, 'Refused')).toContainText('1');
  await registerFilter(p1).selectOption({ label: 'All' });
  await expect(figure(p1, 'Paid')).toContainText('€37.50');

  // The store's Z report, by register and by terminal.
  await p1.emulateMedia({ media: 'print' });
  await snap(p1, info, 'store-day-01c-store-z-report');
  const pdf = await p1.pdf({ format: 'A4' });
  await p1.emulateMedia({ media: 'screen' });
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
  for (const words of ['Store end-of-day report', 'By register', 'By terminal', 'Caisse 1', 'Caisse 2', '€37.50', '€25.50', 'REFUSED-2',
    '1 register has not closed this day yet.', 'Caisse 1: closed by Marie on', 'Caisse 2: not closed yet']) expect(text).toContain(words);
  // Caisse 1's closing as the store holds it: its Z number, its grand total and the head its key signed, the one its own Z prints.
  const own = (await journal(p1, { from: day, to: day })).closings[0];
  const flat = text.replace(/\s+/g, '');
  expect(flat).toContain(`Caisse1:closedbyMarieon`);
  expect(flat).toMatch(/Zno\.1Grandtotalsincethefirstsale:gross€12\.00,refunds€0\.00,net€12\.00Chainhead\d+:[0-9a-f]{64}/);
  expect(own?.signature).toBeTruthy();
  expect(flat).toContain(`Chainhead${own?.signature?.seq}:${own?.signature?.hash}`);

  // The store's CSV from the screen and from the command line: the same rows, registers by name.
  const [download] = await Promise.all([p1.waitForEvent('download'), p1.getByRole('button', { name: /Export for the accountant/ }).click()]);
  expect(download.suggestedFilename()).toBe(`counterpay-training-store-${day}.csv`);
  const [header, ...screenRows] = parse(readFileSync(await download.path(), 'utf8').replace(/^\ufeff/, '')) as string[][];
  expect(header).toEqual([...CSV_COLUMNS]);
  const cli = spawnSync(process.execPath, ['--import', 'tsx', 'electron/history/cli.ts', 'export', '--from', day, '--to', day], {
    encoding: 'utf8', env: { ...process.env, COUNTERPAY_STORE_URL: storeUrl },
  });
  expect(cli.status, cli.stderr).toBe(0);
  const [cliHeader, ...cliRows] = parse(cli.stdout) as string[][];
  expect(cliHeader).toEqual([...CSV_COLUMNS]);
  expect(cliRows).toEqual(screenRows);
  const col = (name: (typeof CSV_COLUMNS)[number]) => CSV_COLUMNS.indexOf(name);
  expect(cliRows.map((r) => [r[col('register')], r[col('amount_asked')], r[col('tip')], r[col('amount_authorized')], r[col('status')], r[col('order_reference')]])).toEqual([
    ['Caisse 1', '10.00', '2.00', '12.00', 'authorized', 'TIP-1'],
    ['Caisse 2', '8.30', '0.00', '', 'refused', 'REFUSED-2'],
    ['Caisse 2', '25.50', '0.00', '25.50', 'authorized', `'=CAISSE2`],
  ]);

  // The same screen in French, on a third register of the same store.
  const p3 = await register('Caisse 3', 'fr');
  await p3.getByRole('button', { name: 'Gestion' }).click();
  await p3.getByRole('tab', { name: 'Journal des paiements' }).click();
  await p3.getByRole('radio', { name: 'Tout le magasin' }).check();
  await expect(figure(p3, 'Encaissé')).toContainText('37,50');
  await expect(p3.locator('.history-row')).toHaveCount(3);
  await snap(p3, info, 'store-day-02-whole-store-fr');

  // The store goes away: the whole store's view says so and offers this register's journal.
  await cluster.stop();
  try {
    await p1.getByRole('button', { name: 'Refresh' }).click();
    const down = p1.getByRole('alert').filter({ hasText: 'The whole store cannot be shown right now' });
    await expect(down).toBeVisible({ timeout: 20_000 });
    await expect(p1.locator('.totals-figures')).toHaveCount(0);
    await snap(p1, info, 'store-day-03-store-unreachable');
    await down.getByRole('button', { name: 'Show this register\'s journal' }).click();
    await expect(p1.getByRole('radio', { name: 'This register' })).toBeChecked();
    await expect(p1.locator('.history-row')).toHaveCount(1);
    await expect(figure(p1, 'Paid')).toContainText('€12.00');
  } finally {
    await cluster.start();
  }
});
