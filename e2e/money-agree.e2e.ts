/**
 * A cash-up that reconciles, in English and in French: a paid sale (with a formula-like order
 * reference), a tipped one, a refused one and a possible duplicate (paid after the cashier
 * abandoned it). The counter's Today, the journal's totals, the printed Z report (read back from
 * its PDF) and the three exports (plain CSV, the spreadsheet CSV, the xlsx workbook) must give the
 * same money as the training bank's own record of payments. And an ordinary day of twenty payments
 * on a terminal with a long name prints on one A4 page.
 */
import { readFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { startHarness, kill, type Harness } from './testing/processes.js';
import { Bank, harnessControl } from './testing/bank.js';
import { snap } from './testing/cashier.js';
import { abandonSlowSale, chargeIn, download, heading, localDay, openJournal, openTraining, plain, printed } from './testing/money-pages.js';
import { SANDBOX_TERMINALS } from '../electron/sandbox/seed-ids.js';
import { translator, type Translate } from '../shared/i18n/translate.js';
import type { Language } from '../shared/i18n/languages.js';
import { decimalStringToMinor, formatMoney } from '../shared/money.js';

const T = SANDBOX_TERMINALS.fr;
let harness: Harness | null = null;

test.afterEach(async () => {
  if (harness) await kill(harness);
  harness = null;
});

interface Figures { authorized: number; tips: number; openDuplicates: number; refused: number }

/** The figures a CSV holds, whatever its separator and decimal mark. */
function csvFigures(text: string, delimiter: string): Figures & { cell: (row: number, column: string) => string } {
  const [header, ...rows] = parse(text, { delimiter, bom: true }) as string[][];
  const col = (name: string) => rows.map((r) => r[header!.indexOf(name)] ?? '');
  const minor = (v: string) => (v === '' ? 0 : decimalStringToMinor(v.replace(',', '.')) ?? Number.NaN);
  const authorized = col('amount_authorized');
  return {
    authorized: authorized.reduce((s, v) => s + minor(v), 0),
    tips: col('tip').reduce((s, v) => s + minor(v), 0),
    openDuplicates: col('duplicate_resolution').reduce((s, v, i) => s + (v === 'open' ? minor(authorized[i]!) : 0), 0),
    refused: col('status').filter((s) => s === 'refused').length,
    cell: (row, column) => rows[row]?.[header!.indexOf(column)] ?? '',
  };
}

for (const language of ['en', 'fr'] as const satisfies readonly Language[]) {
  test(`in ${language}: Today, the journal, the Z report and the three exports agree with the bank`, async ({ page }, info) => {
    test.setTimeout(120_000);
    const t = translator(language);
    const m = (minor: number) => formatMoney(minor, 'EUR', language);
    const opened = await openTraining(page, language);
    harness = opened.harness;
    const bank = opened.bank;
    const day = localDay(Date.now());

    // A possible duplicate as a cashier meets it: the slow terminal is abandoned, then its customer pays after all.
    await abandonSlowSale(page, t);
    await chargeIn(page, t, '1250', T.approve, '=SUM(A1:A9)');
    await heading(page, t, 'attempt.heading.authorized');
    await page.getByRole('button', { name: t('attempt.action.newSale') }).click();
    await bank.setBehaviour(T.approve, 'tip', 300, { tip_amount: '2.00' });
    await chargeIn(page, t, '1000', T.approve);
    await heading(page, t, 'attempt.heading.authorized');
    await page.getByRole('button', { name: t('attempt.action.newSale') }).click();
    await chargeIn(page, t, '830', T.refuse);
    await heading(page, t, 'attempt.heading.refused');
    await page.getByRole('button', { name: t('attempt.action.newSale') }).click();
    await harnessControl(harness.url, 'clock', { advance_ms: 91_000 });

    // The bank's own record: what every figure must come back to.
    const atBank = (await bank.payments()).filter((p) => p.status.toUpperCase() === 'AUTHORIZED');
    // The bank lists the amount asked and, apart, the tip the customer added.
    const bankMinor = atBank.reduce((s, p) => s + decimalStringToMinor(p.amount.value)! + (p.tip_amount ? decimalStringToMinor(p.tip_amount.value)! : 0), 0);
    const expected: Figures = { authorized: bankMinor, tips: 200, openDuplicates: 1111, refused: 1 };
    expect(bankMinor).toBe(1111 + 1250 + 1200);

    const today = page.getByRole('region', { name: t('today.title') });
    await expect(today.locator('.today-total strong')).toHaveText(m(bankMinor));
    await expect(today).toContainText(t('today.tips', { amount: m(200) }));
    await expect(today).toContainText(t('today.duplicates', { count: 1, amount: m(1111) }));
    await snap(page, info, `money-${language}-1-today`);

    await openJournal(page, t, day);
    const totals = page.locator('.totals-figures');
    const figure = (id: Parameters<Translate>[0]) => totals.getByText(t(id), { exact: true }).locator('..');
    await expect(figure('history.totals.paid')).toContainText(m(bankMinor));
    await expect(figure('history.totals.tips')).toContainText(m(200));
    await expect(figure('history.totals.refunded')).toContainText(m(0));
    await expect(figure('history.totals.net')).toContainText(m(bankMinor));
    await expect(figure('history.totals.openDuplicates')).toContainText(`1 (${m(1111)})`);
    await expect(figure('history.totals.openDuplicates')).toContainText(t('history.totals.mayNeedRefund'));
    await snap(page, info, `money-${language}-2-journal`);

    const z = await printed(page);
    expect(z.pages).toBe(1);
    for (const words of [`${t('history.totals.net')} ${m(bankMinor)}`, `${t('history.totals.paid')} ${m(bankMinor)}`, `1 (${m(1111)})`]) {
      expect(z.text).toContain(plain(words));
    }

    const csv = csvFigures(readFileSync(await download(page, t('history.export')), 'utf8'), ',');
    expect({ ...csv, cell: undefined }).toEqual({ ...expected, cell: undefined });
    const paidRow = [0, 1, 2, 3].find((r) => csv.cell(r, 'order_reference') === '\'=SUM(A1:A9)')!;
    // The terminal's serial as the bank lists it, not the bank's id for it.
    expect(csv.cell(paidRow, 'terminal_serial')).toMatch(/^S1F2-FR-\d{4}$/);
    expect(csv.cell(paidRow, 'kind')).toBe('payment');

    const excelText = readFileSync(await download(page, t('history.exportExcel')), 'utf8');
    expect(excelText.startsWith('\ufeff')).toBe(true);
    const excel = csvFigures(excelText, language === 'en' ? ',' : ';');
    expect({ ...excel, cell: undefined }).toEqual({ ...expected, cell: undefined });
    if (language === 'fr') expect(excel.cell(paidRow, 'amount_authorized')).toBe('12,50');

    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(await download(page, t('history.exportXlsx')));
    const [payments, sums] = wb.worksheets;
    const header = (payments!.getRow(1).values as unknown[]).slice(1);
    const authorizedCells = payments!.getColumn(header.indexOf('amount_authorized') + 1).values.slice(2);
    expect(Math.round(authorizedCells.reduce<number>((s, v) => s + (typeof v === 'number' ? v : 0), 0) * 100)).toBe(bankMinor);
    const sumOf = (id: Parameters<Translate>[0]) => sums!.getRow(sums!.getColumn(1).values.indexOf(t(id))).getCell(2).value;
    expect(sumOf('history.totals.paid')).toBe(bankMinor / 100);
    expect(sumOf('history.totals.net')).toBe(bankMinor / 100);
    expect(sumOf('history.totals.refused')).toBe(1);
  });
}

test('an ordinary day of twenty payments on a terminal with a long name prints on one page', async ({ page }, info) => {
  test.setTimeout(120_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'counterpay-e2e-'));
  const longName = 'Comptoir principal vitrine N1';
  mkdirSync(join(dataDir, 'training'), { recursive: true });
  writeFileSync(join(dataDir, 'training', 'terminals.json'), JSON.stringify({ terminals: { [T.approve]: { name: longName, lastUsedAt: null, lastUsedBy: null } } }));
  harness = await startHarness({ dataDir });
  const t = translator('en');
  const bank = new Bank(harness.bankUrl);
  await bank.setBehaviour(T.approve, 'approve', 50);
  await page.goto(harness.url);
  for (let i = 1; i <= 20; i++) {
    await chargeIn(page, t, String(100 * i + 5), T.approve, `TABLE-${i}`);
    await heading(page, t, 'attempt.heading.authorized');
    await page.getByRole('button', { name: t('attempt.action.newSale') }).click();
  }
  await openJournal(page, t, localDay(Date.now()));
  await expect(page.locator('.history-row')).toHaveCount(20);
  const z = await printed(page);
  expect(z.pages).toBe(1);
  // The name stays whole on its line in the by-terminal table, never broken word by word.
  expect(z.text).toContain(longName);
  expect(z.text).toContain('TABLE-20');
  await page.emulateMedia({ media: 'print' });
  await snap(page, info, 'money-3-z-report-print');
  await page.emulateMedia({ media: 'screen' });
});
