/**
 * Numbered closings end to end: two days sold and closed (Z no. 1 and 2, each printed with its
 * grand total and signature), a refund on the second day counted in the grand total, the month
 * closed from the back office once it is over, and the first day's Z reprinted: marked
 * "REPRINT", with the same number, figures and signature as its first print. Read back from the
 * printed PDF, as the manager's paper says it.
 */
import { test, expect, type Page } from './testing/fixtures.js';
import { harnessControl } from './testing/bank.js';
import { charge, expectHeading, snap } from './testing/cashier.js';
import { localDay, printed } from './testing/money-pages.js';
import { SANDBOX_TERMINALS } from '../electron/sandbox/seed-ids.js';

const T = SANDBOX_TERMINALS.fr;
const DAY_MS = 24 * 3600_000;

test.beforeEach(async ({ bank }) => {
  await bank.setBehaviour(T.approve, 'approve', 300);
});

const printedText = async (page: Page): Promise<string> => (await printed(page)).text;

/** The Z report's closing facts, spaces and line breaks aside: number, grand total, signature and signed head. */
function closingFacts(text: string): string {
  const flat = text.replace(/\s+/g, '');
  const facts = /Zno\.\d+.*?Chainhead\d+:[0-9a-f]{64}/.exec(flat)?.[0];
  if (!facts) throw new Error(`no closing facts in the printed report: ${text.slice(0, 400)}`);
  return facts;
}

async function openDay(page: Page, day: string): Promise<void> {
  await page.getByRole('button', { name: 'Back office' }).click();
  await page.getByRole('tab', { name: 'Payment journal' }).click();
  await page.getByLabel('From', { exact: true }).fill(day);
  await page.getByLabel('To', { exact: true }).fill(day);
}

async function closeShownDay(page: Page, name: string): Promise<void> {
  const closing = page.getByLabel('Closing');
  await closing.getByLabel('Closed by').fill(name);
  await closing.getByRole('button', { name: /^Close / }).click();
  await expect(closing).toContainText(`Closed by ${name}`);
}

test('two days closed with Z numbers, the month closed, a Z reprinted with the same figures and signature', async ({ counter: page, harness }, info) => {
  const day1 = localDay(Date.now());
  await charge(page, '1250', T.approve, 'DAY-ONE');
  await expectHeading(page, 'Paid');
  await openDay(page, day1);
  await closeShownDay(page, 'Marie');
  await expect(page.getByLabel('Closing')).toContainText('Z no. 1 · Grand total since the first sale: gross €12.50, refunds €0.00, net €12.50');
  await page.emulateMedia({ media: 'print' });
  await snap(page, info, '80-z-report-first-print');
  await page.emulateMedia({ media: 'screen' });
  const first = await printedText(page);
  expect(first).toContain('Z no. 1');
  expect(first).not.toContain('REPRINT');
  expect(first).toMatch(/Grand total since the register's first sale/);
  expect(closingFacts(first)).toContain('Gross€12.50');
  // Once printed (the browser says so after printing: Chromium does after a PDF too), the same page prints a reprint.
  await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
  const again = await printedText(page);
  expect(again).toContain('REPRINT');
  expect(closingFacts(again)).toBe(closingFacts(first));

  // The next day: a sale and a refund of the first day's sale, then that day closed.
  await harnessControl(harness.url, 'clock', { advance_ms: DAY_MS });
  const day2 = localDay(Date.now() + DAY_MS);
  await page.getByRole('button', { name: 'Counter' }).click();
  await page.getByRole('button', { name: 'New sale' }).click();
  await charge(page, '2000', T.approve, 'DAY-TWO');
  await expectHeading(page, 'Paid');
  await openDay(page, day1);
  const paidRow = page.locator('.history-row').filter({ hasText: 'DAY-ONE' });
  await paidRow.locator('summary').click();
  const refund = paidRow.getByRole('form', { name: 'Record a refund' });
  await refund.getByLabel('Amount given back').fill('2.50');
  await refund.getByLabel('Reason').fill('one item back');
  await refund.getByLabel('Your name').fill('Paul');
  await refund.getByRole('button', { name: 'Record the refund' }).click();
  await expect(paidRow).toContainText('Refunded €2.50');

  await page.getByLabel('From', { exact: true }).fill(day2);
  await page.getByLabel('To', { exact: true }).fill(day2);
  await closeShownDay(page, 'Paul');
  await expect(page.getByLabel('Closing')).toContainText('Z no. 2');
  const second = await printedText(page);
  expect(second).toContain('Z no. 2');
  // €12.50 + €20.00 sold, €2.50 refunded: net €30.00 since the first sale.
  expect(closingFacts(second)).toContain('Gross€32.50Refunds€2.50Net€30.00');

  // Once the month is over, its closing is offered and made from the back office.
  await harnessControl(harness.url, 'clock', { advance_ms: 32 * DAY_MS });
  await page.getByRole('button', { name: 'Refresh' }).first().click();
  const months = page.locator('.period-closings');
  const closeMonth = months.getByRole('button', { name: /^Close / }).first();
  await months.getByLabel('Closed by').first().fill('Marie');
  await snap(page, info, '81-month-closing-offered');
  await closeMonth.click();
  const done = months.getByRole('listitem').filter({ hasText: /Month closing no\. 1 — / });
  await expect(done).toContainText('Closed by Marie');
  await expect(done).toContainText(day1.slice(0, 7) === day2.slice(0, 7) ? 'Sums the day closings Z no. 1, 2' : 'Sums the day closings Z no. 1');
  await expect(done).toContainText('Signed by this register');
  await snap(page, info, '81-month-closing-done');
  // The month closing on paper: its number, sums and signature, in place of the day's report.
  await page.evaluate(() => { window.print = () => undefined; });
  await done.getByRole('button', { name: 'Print' }).click();
  await page.emulateMedia({ media: 'print' });
  await snap(page, info, '83-month-closing-paper');
  await page.emulateMedia({ media: 'screen' });
  const monthPaper = await printedText(page);
  expect(monthPaper).toMatch(/Month closing no\. 1 — /);
  expect(monthPaper).not.toContain('End-of-day report');
  expect(monthPaper.replace(/\s+/g, '')).toContain('Gross€32.50Refunds€2.50Net€30.00');
  expect(monthPaper).toContain('Signed by this register');

  // The first day's Z, printed again: the same facts, marked as a reprint.
  await page.getByLabel('From', { exact: true }).fill(day1);
  await page.getByLabel('To', { exact: true }).fill(day1);
  // The range day 1 – day 2 shows on the way (From changed first): wait until the one day's report replaced it.
  await expect(page.getByText('Several days')).toHaveCount(0);
  await expect(page.getByLabel('Closing')).toContainText('Closed by Marie');
  const reprint = await printedText(page);
  expect(reprint).toContain('REPRINT');
  expect(closingFacts(reprint)).toBe(closingFacts(first));
  await page.emulateMedia({ media: 'print' });
  await snap(page, info, '82-z-report-reprint');
  await page.emulateMedia({ media: 'screen' });
});
