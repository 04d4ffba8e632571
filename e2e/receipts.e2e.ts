/**
 * Receipts end to end: the real renderer in Chromium, the real core behind the harness,
 * the embedded sandbox as the bank and a real SMTP server on loopback as the shop's mail
 * server. A paid sale's receipt on screen and printed to PDF at each paper width, its
 * e-mail received with the right number and amount (after the server was down), the
 * address gone from the data folder, a bad address refused, a reprint marked Duplicate,
 * the next sale's number following, and the receipt in all five languages at 58 mm. A refund
 * recorded in the journal gets its own numbered receipt naming the sale's, on screen, as PDF text
 * and e-mailed.
 */
import { test, expect, type Page } from '@playwright/test';
import { startHarness, kill, type Harness } from './testing/processes.js';
import { Bank, harnessControl } from './testing/bank.js';
import { charge, expectHeading, snap } from './testing/cashier.js';
import { dataFolderHolds, printedText, receiptDialog, receiptPaper } from './testing/receipt-pages.js';
import { SANDBOX_TERMINALS } from '../electron/sandbox/seed-ids.js';
import { freePort, LoopbackSmtp } from '../electron/receipts/stand-ins/loopback-smtp.js';

const T = SANDBOX_TERMINALS.fr;
const CUSTOMER = 'claire.dupont@example.org';
let harness: Harness;
let smtp: LoopbackSmtp | null = null;
let smtpPort = 0;

test.beforeEach(async ({ page }) => {
  smtpPort = await freePort();
  // The shop's mail server, set for this computer at start; it is down until a test starts it.
  process.env.COUNTERPAY_SMTP_URL = `smtp://127.0.0.1:${smtpPort}`;
  harness = await startHarness();
  await new Bank(harness.bankUrl).setBehaviour(T.approve, 'approve', 300);
  await page.goto(harness.url);
});

test.afterEach(async () => {
  await kill(harness);
  await smtp?.close();
  smtp = null;
  delete process.env.COUNTERPAY_SMTP_URL;
});

async function paidSale(page: Page, digits: string, orderRef: string): Promise<void> {
  await charge(page, digits, T.approve, orderRef);
  await expectHeading(page, 'Paid');
}

test('a paid sale hands over a numbered receipt: on screen, printed at each width, e-mailed once the server is back, reprinted as a duplicate', async ({ page }, info) => {
  await paidSale(page, '1250', 'ORDER-1');
  await page.getByRole('button', { name: 'Receipt' }).click();
  await expect(receiptDialog(page).getByRole('heading', { name: 'Receipt 000001' })).toBeVisible();
  const paper = receiptPaper(page);
  await expect(paper).toContainText('Receipt no.000001');
  await expect(paper).toContainText('12 rue des Lilas, 75011 Paris');
  await expect(paper).toContainText('ORDER-1');
  await expect(paper).toContainText('TRAINING');
  await expect(paper).toContainText('This is not a card slip and not a tax invoice.');
  await expect(paper).toContainText(/Paid€?\s?12[.,]50/);
  await expect(paper).not.toContainText('DUPLICATE');
  await snap(page, info, '60-receipt-on-screen');

  for (const width of ['58mm', '80mm', 'a4'] as const) {
    const text = await printedText(page, width);
    expect(text, `printed at ${width}`).toContain('000001');
    expect(text).toContain('12.50');
    expect(text).toContain('ORDER-1');
    expect(text).toContain('not a card slip');
    // Only the receipt is printed: nothing of the counter behind it.
    expect(text).not.toContain('New sale');
  }
  await receiptDialog(page).getByRole('button', { name: 'Print' }).click();
  await expect(receiptDialog(page).getByRole('status')).toHaveText('Sent to the printer.');

  // A bad address never leaves the screen.
  const address = receiptDialog(page).getByLabel('Customer’s e-mail address');
  await address.fill('claire.dupont@');
  await receiptDialog(page).getByRole('button', { name: 'Send by e-mail' }).click();
  await expect(receiptDialog(page).getByRole('alert')).toContainText('This e-mail address is not complete');

  // The server is down: the e-mail waits, and the cashier sees it has not left.
  await address.fill(CUSTOMER);
  await receiptDialog(page).getByRole('button', { name: 'Send by e-mail' }).click();
  await expect(receiptDialog(page).locator('.receipt-mail-status')).toContainText('not answering');
  expect(dataFolderHolds(harness.dataDir, CUSTOMER).length).toBeGreaterThan(0);
  await snap(page, info, '61-receipt-mail-waiting');

  smtp = await LoopbackSmtp.start({ port: smtpPort });
  await harnessControl(harness.url, 'clock', { advance_ms: 31_000 });
  await expect(receiptDialog(page).locator('.receipt-mail-status')).toHaveText('The e-mail has left: the shop’s mail server accepted it.');
  expect(smtp.received).toHaveLength(1);
  const mail = smtp.received[0]!;
  expect(mail.to).toEqual([CUSTOMER]);
  expect(mail.subject).toContain('000001');
  expect(mail.raw).toMatch(/X-Counterpay-Receipt: 000001/);
  expect(mail.raw).toContain('12.50');
  expect(mail.messageId).toMatch(/^<receipt-000001\./);
  expect(dataFolderHolds(harness.dataDir, CUSTOMER)).toEqual([]);
  await snap(page, info, '62-receipt-mail-sent');
  await receiptDialog(page).getByRole('button', { name: 'Close' }).click();

  // A reprint keeps the number and says so.
  await page.getByRole('button', { name: 'Receipt' }).click();
  await expect(receiptPaper(page)).toContainText('DUPLICATE');
  await expect(receiptPaper(page)).toContainText('000001');
  expect(await printedText(page, '80mm')).toContain('DUPLICATE');
  await snap(page, info, '63-receipt-duplicate');
  await receiptDialog(page).getByRole('button', { name: 'Close' }).click();

  // The next sale's receipt follows without a gap.
  await page.getByRole('button', { name: 'New sale' }).click();
  await paidSale(page, '830', 'ORDER-2');
  await page.getByRole('button', { name: 'Receipt' }).click();
  await expect(receiptDialog(page).getByRole('heading', { name: 'Receipt 000002' })).toBeVisible();
  await expect(receiptPaper(page)).not.toContainText('DUPLICATE');
  await receiptDialog(page).getByRole('button', { name: 'Close' }).click();

  // A customer who comes back: the manager reprints from the payment journal, same number, marked Duplicate.
  await page.getByRole('button', { name: 'Back office' }).click();
  await page.getByRole('tab', { name: 'Payment journal' }).click();
  const row = page.locator('.history-row').filter({ hasText: 'ORDER-1' });
  await row.locator('summary').click();
  await row.getByRole('button', { name: 'Receipt' }).click();
  await expect(receiptDialog(page).getByRole('heading', { name: 'Receipt 000001' })).toBeVisible();
  await expect(receiptPaper(page)).toContainText('DUPLICATE');
  await expect(receiptDialog(page).locator('.receipt-mail-status')).toHaveText('The e-mail has left: the shop’s mail server accepted it.');
  await snap(page, info, '66-receipt-from-journal');
});

const NOT_A_SLIP = {
  fr: 'Ceci n’est ni un ticket de carte bancaire ni une facture.',
  en: 'This is not a card slip and not a tax invoice.',
  it: 'Questa non è una ricevuta della carta né una fattura.',
  de: 'Dies ist kein Kartenbeleg und keine Rechnung.',
  es: 'Esto no es un comprobante de tarjeta ni una factura.',
} as const;

test('the receipt in each of the five languages at 58 mm', async ({ page }, info) => {
  // A manager sets the 58 mm roll and a footer line; the mail server set at start is shown, read-only, without a password.
  await page.getByRole('button', { name: 'Back office' }).click();
  await page.getByRole('tab', { name: 'Settings' }).click();
  const receipts = page.getByRole('region', { name: 'Receipts' });
  await receipts.getByLabel('Paper').selectOption('58mm');
  await receipts.getByLabel('Line at the bottom of the receipt').fill('Merci de votre visite !');
  await receipts.getByLabel('Print the receipt by itself after each paid sale').check();
  await receipts.getByRole('button', { name: 'Save receipt settings' }).first().click();
  await expect(receipts.getByRole('status')).toHaveText('Receipt settings saved.');
  await expect(receipts).toContainText(`Server 127.0.0.1, port ${smtpPort}`);
  await expect(receipts).toContainText('set when Counterpay was started');
  await receipts.scrollIntoViewIfNeeded();
  await snap(page, info, '65-receipt-settings');
  await page.getByRole('button', { name: 'Counter' }).click();
  // Printing by itself: the paid sale opens its receipt and sends it to the printer without a click.
  await paidSale(page, '4275', 'CMD-58');
  await expect(receiptDialog(page).getByRole('heading', { name: 'Receipt 000001' })).toBeVisible();
  await expect(receiptDialog(page).getByRole('status')).toHaveText('Sent to the printer.');
  await expect.poll(() => harness.output()).toContain('print job: {"paper":"58mm"');
  for (const [language, words] of Object.entries(NOT_A_SLIP)) {
    await receiptDialog(page).getByLabel('Customer’s language').selectOption(language);
    await expect(receiptPaper(page)).toContainText(words);
    await expect(receiptPaper(page)).toHaveAttribute('lang', language);
    await receiptPaper(page).screenshot({ path: info.outputPath(`receipt-58mm-${language}.png`) });
    await snap(page, info, `64-receipt-${language}`);
    const text = (await printedText(page, '58mm')).replace(/\s+/g, ' ');
    expect(text).toContain('CMD-58');
    expect(text).toContain('000001');
    expect(text).toContain(words.slice(0, 20));
  }
});

test('a refund recorded in the journal hands over a refund receipt naming the sale\'s number: on screen, printed at each width, e-mailed, reprinted as a duplicate', async ({ page }, info) => {
  smtp = await LoopbackSmtp.start({ port: smtpPort });
  await page.getByRole('button', { name: 'Back office' }).click();
  await page.getByRole('tab', { name: 'Settings' }).click();
  const settings = page.getByRole('region', { name: 'Receipts' });
  await settings.getByLabel('Paper').selectOption('58mm');
  await settings.getByLabel('Print the reason on refund receipts').check();
  await settings.getByRole('button', { name: 'Save receipt settings' }).first().click();
  await expect(settings.getByRole('status')).toHaveText('Receipt settings saved.');
  await page.getByRole('button', { name: 'Counter' }).click();
  // Paid, and no receipt asked for: the refund's receipt gives the sale its number first.
  await paidSale(page, '1250', 'ORDER-R');

  await page.getByRole('button', { name: 'Back office' }).click();
  await page.getByRole('tab', { name: 'Payment journal' }).click();
  const row = page.locator('.history-row').filter({ hasText: 'ORDER-R' });
  await row.locator('summary').click();
  const form = row.getByRole('form', { name: 'Record a refund' });
  await form.getByLabel('Amount given back').fill('5.00');
  await form.getByLabel('Where it was refunded').selectOption('bank_app');
  await form.getByLabel('Reason').fill('one item back');
  await form.getByLabel('Your name').fill('Marie');
  await form.getByRole('button', { name: 'Record the refund' }).click();
  await expect(row).toContainText('Refunded €5.00');
  // The day was read again: the row may have closed.
  if (!(await row.locator('.history-refunds').isVisible())) await row.locator('summary').click();
  await row.locator('.history-refunds').getByRole('button', { name: /^Refund receipt: Refund of €5\.00/ }).click();
  await expect(receiptDialog(page).getByRole('heading', { name: 'Refund receipt 000002' })).toBeVisible();
  const paper = receiptPaper(page);
  for (const part of ['TRAINING', 'Refund receipt', 'Receipt no.000002', 'Refund of receipt no.000001', 'Date of the sale', 'ORDER-R', 'Refunded through', 'the bank, to the card', 'one item back', 'not a card slip']) {
    await expect(paper).toContainText(part);
  }
  await expect(paper).toContainText(/Refunded€?\s?5[.,]00/);
  await expect(paper).not.toContainText('DUPLICATE');
  await receiptPaper(page).screenshot({ path: info.outputPath('refund-receipt-58mm-en.png') });
  await snap(page, info, '67-refund-receipt-en');
  for (const width of ['58mm', '80mm', 'a4'] as const) {
    const text = (await printedText(page, width)).replace(/\s+/g, ' ');
    for (const part of ['REFUND RECEIPT', '000002', 'Refund of receipt no. 000001', '5.00', 'ORDER-R']) expect(text, `${width}: ${text}`).toContain(part);
    expect(text).not.toContain('Payment journal');
  }

  await receiptDialog(page).getByLabel('Customer’s language').selectOption('fr');
  await expect(paper).toContainText('Remboursement du ticket n°000001');
  await receiptPaper(page).screenshot({ path: info.outputPath('refund-receipt-58mm-fr.png') });
  await snap(page, info, '68-refund-receipt-fr');
  await receiptDialog(page).getByLabel('Customer’s e-mail address').fill(CUSTOMER);
  await receiptDialog(page).getByRole('button', { name: 'Send by e-mail' }).click();
  await expect(receiptDialog(page).locator('.receipt-mail-status')).toHaveText('The e-mail has left: the shop’s mail server accepted it.');
  expect(smtp.received).toHaveLength(1);
  const mail = smtp.received[0]!;
  expect(mail.to).toEqual([CUSTOMER]);
  expect(mail.subject).toContain('000002');
  expect(mail.raw).toContain('Ticket de remboursement');
  expect(mail.raw).toMatch(/X-Counterpay-Receipt: 000002/);
  expect(mail.raw).toContain('000001');
  expect(mail.raw).toContain('5,00');
  expect(dataFolderHolds(harness.dataDir, CUSTOMER)).toEqual([]);
  await receiptDialog(page).getByRole('button', { name: 'Close' }).click();

  // A reprint keeps the number and says so; the sale's own receipt is the number the refund named.
  await row.locator('.history-refunds').getByRole('button', { name: /^Refund receipt/ }).click();
  await expect(receiptDialog(page).getByRole('heading', { name: 'Refund receipt 000002' })).toBeVisible();
  await expect(receiptPaper(page)).toContainText('DUPLICATE');
  expect(await printedText(page, '58mm')).toContain('DUPLICATE');
  await receiptDialog(page).getByRole('button', { name: 'Close' }).click();
  await row.getByRole('button', { name: 'Receipt', exact: true }).click();
  await expect(receiptDialog(page).getByRole('heading', { name: 'Receipt 000001' })).toBeVisible();
});
