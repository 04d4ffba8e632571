/**
 * Closing the day end to end: sales over two days with the harness's clock, a refused and a
 * no-answer one; the manager's history and totals checked against the sandbox's own record,
 * the accountant's CSV parsed back, the printed report read back from a PDF, and closing
 * refused while a payment is still open, then accepted. A possible duplicate (paid after the
 * cashier abandoned it) counts in the totals, keeps the day open until a manager settles it,
 * and is on the report.
 */
import { readFileSync } from 'node:fs';
import { test, expect, type Page } from './testing/fixtures.js';
import { parse } from 'csv-parse/sync';
import { extractText, getDocumentProxy } from 'unpdf';
import { harnessControl } from './testing/bank.js';
import { charge, expectHeading, snap } from './testing/cashier.js';
import { SANDBOX_TERMINALS } from '../electron/sandbox/seed-ids.js';
import { CSV_COLUMNS } from '../electron/history/csv-export.js';

const T = SANDBOX_TERMINALS.fr;
const DAY_MS = 24 * 3600_000;

test.beforeEach(async ({ bank }) => {
  await bank.setBehaviour(T.approve, 'approve', 300);
  await bank.setBehaviour(T.refuse, 'refuse', 300);
});

const localDay = (ms: number) => {
  const d = new Date(ms);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

async function newSale(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'New sale' }).click();
}

async function printedText(page: Page): Promise<string> {
  await page.emulateMedia({ media: 'print' });
  const pdf = await page.pdf({ format: 'A4' });
  await page.emulateMedia({ media: 'screen' });
  return (await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true })).text;
}

async function openJournal(page: Page, day: string): Promise<void> {
  await page.getByRole('button', { name: 'Back office' }).click();
  await page.getByRole('tab', { name: 'Payment journal' }).click();
  await page.getByLabel('From', { exact: true }).fill(day);
  await page.getByLabel('To', { exact: true }).fill(day);
}

test('a manager reads yesterday, exports it, prints its report and closes it', async ({ counter: page, harness, bank }, info) => {
  const day1 = localDay(Date.now());
  await charge(page, '1250', T.approve, '=SUM(A1:A9)');
  await expectHeading(page, 'Paid');
  await newSale(page);
  await bank.setBehaviour(T.approve, 'tip', 300, { tip_amount: '2.00' });
  await charge(page, '1000', T.approve, 'TIPPED');
  await expectHeading(page, 'Paid');
  await newSale(page);
  await bank.setBehaviour(T.approve, 'approve', 300);
  await charge(page, '830', T.refuse);
  await expectHeading(page, 'Refused');
  await page.getByRole('button', { name: 'New sale' }).click();
  await charge(page, '4200', T.offline);
  await expectHeading(page, 'Waiting for the customer on the terminal');

  // While the terminal still may answer, the day cannot be closed.
  await openJournal(page, day1);
  const closing = page.getByLabel('Closing');
  await expect(closing).toContainText('cannot be closed yet');
  await expect(closing).toContainText('42.00');
  await snap(page, info, '40-journal-close-blocked');

  // The next day: the terminal never answered, and a new sale is made.
  await harnessControl(harness.url, 'clock', { advance_ms: DAY_MS });
  await page.getByRole('button', { name: 'Counter' }).click();
  await expectHeading(page, 'No answer from the terminal');
  await page.getByRole('button', { name: 'Abandon' }).click();
  const confirm = page.getByRole('dialog').getByRole('button', { name: /Abandon/ });
  if (await confirm.isVisible().catch(() => false)) await confirm.click();
  await charge(page, '2000', T.approve, 'NEXT-DAY');
  await expectHeading(page, 'Paid');

  await openJournal(page, day1);
  const paidAtBank = (await bank.payments()).filter((p) => p.status.toUpperCase() === 'AUTHORIZED');
  expect(paidAtBank.map((p) => p.amount.value).sort()).toEqual(['10.00', '12.50', '20.00']);
  const totals = page.locator('.totals-figures');
  // €12.50 plus €10.00 with a €2.00 tip (the suite runs in English, amounts too).
  await expect(totals.getByText('Paid', { exact: true }).locator('..')).toContainText('24.50');
  await expect(totals.getByText('of which tips', { exact: true }).locator('..')).toContainText('2.00');
  await expect(totals.getByText('Refused', { exact: true }).locator('..')).toContainText('1');
  await expect(totals.getByText('No answer', { exact: true }).locator('..')).toContainText('1');
  await expect(page.locator('.history-row')).toHaveCount(4);
  await expect(page.locator('.history-row').filter({ hasText: 'TIPPED' })).toContainText('+ €2.00');
  await expect(page.getByText('NEXT-DAY')).toHaveCount(0);
  await snap(page, info, '41-journal-yesterday');

  // Both days: every payment, and the total equals the bank's authorized money.
  await page.getByLabel('To', { exact: true }).fill(localDay(Date.now() + DAY_MS));
  await expect(page.locator('.history-row')).toHaveCount(5);
  await expect(totals.getByText('Paid', { exact: true }).locator('..')).toContainText('44.50');
  await page.getByLabel('To', { exact: true }).fill(day1);
  // Both days stay on screen until the one day's answer replaces them: the page printed below must be that day's.
  await expect(page.locator('.history-row')).toHaveCount(4);
  await expect(totals.getByText('Paid', { exact: true }).locator('..')).toContainText('24.50');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: /Export for the accountant/ }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`counterpay-training-${day1}.csv`);
  const csv = readFileSync(await download.path(), 'utf8').replace(/^\ufeff/, '');
  const [header, ...rows] = parse(csv) as string[][];
  expect(header).toEqual([...CSV_COLUMNS]);
  expect(rows).toHaveLength(4);
  const col = (name: (typeof CSV_COLUMNS)[number]) => CSV_COLUMNS.indexOf(name);
  const paid = rows.find((r) => r[col('amount_asked')] === '12.50')!;
  const tipped = rows.find((r) => r[col('order_reference')] === 'TIPPED')!;
  expect([tipped[col('amount_asked')], tipped[col('tip')], tipped[col('amount_authorized')]]).toEqual(['10.00', '2.00', '12.00']);
  expect(paid[col('amount_authorized')]).toBe('12.50');
  expect(paid[col('order_reference')]).toBe(`'=SUM(A1:A9)`);
  expect(paid[col('bank_payment_id')]).toBe(paidAtBank.find((p) => p.amount.value === '12.50')!.id);
  expect(rows.map((r) => r[col('status')]).sort()).toEqual(['authorized', 'authorized', 'no_answer', 'refused']);

  await page.emulateMedia({ media: 'print' });
  const pdf = await page.pdf({ format: 'A4' });
  await page.emulateMedia({ media: 'screen' });
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
  expect(text).toContain('End-of-day report');
  expect(text).toContain('12.50');
  expect(text).toContain('Day not closed');
  expect(text).not.toContain('NEXT-DAY');

  await closing.getByLabel('Closed by').fill('Marie');
  await closing.getByRole('button', { name: /^Close / }).click();
  await expect(page.getByLabel('Closing')).toContainText('Closed by Marie');
  await snap(page, info, '42-journal-closed');
  await page.emulateMedia({ media: 'print' });
  const closedPdf = await extractText(await getDocumentProxy(new Uint8Array(await page.pdf({ format: 'A4' }))), { mergePages: true });
  expect(closedPdf.text).toContain('Day closed by Marie');
});

test('a possible duplicate counts in the totals, keeps the day open until it is settled, and is on the report', async ({ counter: page, harness, bank }, info) => {
  const day = localDay(Date.now());
  // Provoked as a cashier meets it: the slow terminal is abandoned, then its customer pays after all.
  await bank.setBehaviour(T.slow, 'approve', 90_000);
  await charge(page, '1111', T.slow);
  await expectHeading(page, 'Waiting for the customer on the terminal');
  await page.getByRole('button', { name: 'Abandon' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Abandon the payment' }).click();
  await charge(page, '500', T.approve);
  await expectHeading(page, 'Paid');
  await newSale(page);
  await harnessControl(harness.url, 'clock', { advance_ms: 91_000 });
  await expect(page.getByRole('alert').filter({ hasText: 'Paid after it was abandoned: €11.11' })).toBeVisible();
  const paidAtBank = (await bank.payments()).filter((p) => p.status.toUpperCase() === 'AUTHORIZED');
  expect(paidAtBank.map((p) => p.amount.value).sort()).toEqual(['11.11', '5.00']);

  await openJournal(page, day);
  // A register working alone has only its own journal: no store to choose.
  await expect(page.getByRole('radio')).toHaveCount(0);
  const totals = page.locator('.totals-figures');
  // Both payments are money in; the duplicate is also counted apart as open, with its amount.
  await expect(totals.getByText('Paid', { exact: true }).locator('..')).toContainText('€16.11');
  await expect(totals.getByText('Possible duplicates to settle', { exact: true }).locator('..')).toContainText('1 (€11.11)');
  await expect(page.locator('.history-row').filter({ hasText: '€11.11' })).toContainText('Possible duplicate');
  const closing = page.getByLabel('Closing');
  await expect(closing).toContainText('cannot be closed yet');
  await expect(closing).toContainText('possible duplicate: settle it in Possible duplicates');
  await expect(closing.getByRole('button', { name: /^Close / })).toHaveCount(0);
  await snap(page, info, '43-journal-open-duplicate');
  const report = await printedText(page);
  expect(report).toContain('Possible duplicates to settle');
  expect(report).toMatch(/1 \(€11\.11\)/);
  expect(report).toContain('Day not closed');

  await page.getByRole('tab', { name: 'Possible duplicates' }).click();
  const entry = page.getByRole('listitem', { name: /Possible duplicate €11\.11/ });
  await entry.getByLabel('Refunded to the customer outside Counterpay').check();
  await entry.getByLabel('How was the customer refunded?').fill('Cash back, receipt 7');
  // Answered "refunded", it records a refund of the duplicate's amount, by the manager who says so.
  await entry.getByLabel('Your name').fill('Marie');
  await entry.getByRole('button', { name: 'Save the answer' }).click();
  await expect(page.getByText('No possible duplicate to check.')).toBeVisible();

  await openJournal(page, day);
  await expect(totals.getByText('Possible duplicates to settle', { exact: true }).locator('..')).toContainText(/^Possible duplicates to settle0$/);
  await expect(page.locator('.history-row').filter({ hasText: '€11.11' })).toContainText('Duplicate settled');
  await page.getByLabel('Closing').getByLabel('Closed by').fill('Marie');
  await page.getByLabel('Closing').getByRole('button', { name: /^Close / }).click();
  await expect(page.getByLabel('Closing')).toContainText('Closed by Marie');
  const closed = await printedText(page);
  expect(closed).toContain('Day closed by Marie');
  expect(closed).toContain('16.11');
});
