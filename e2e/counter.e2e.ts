/**
 * The counter end to end: the real renderer in Chromium, the real core behind
 * the harness bridge, the embedded sandbox as the bank. Each test asserts what
 * the bank recorded, not only what the screen says.
 */
import { test, expect } from './testing/fixtures.js';
import { harnessControl } from './testing/bank.js';
import { charge, expectHeading, pickTerminal, shownKey, snap, typeAmount } from './testing/cashier.js';
import { SANDBOX_TERMINALS } from '../electron/sandbox/seed-ids.js';

const T = SANDBOX_TERMINALS.fr;

test.beforeEach(async ({ bank }) => {
  await bank.setBehaviour(T.approve, 'approve', 1500);
});

test('an approved sale is paid once and shows in today\'s total', async ({ counter: page, bank }, info) => {
  await snap(page, info, '01-counter-empty');
  await charge(page, '1250', T.approve, 'ORDER-1');
  await snap(page, info, '02-attempt-waiting');
  await expectHeading(page, 'Paid');
  await snap(page, info, '03-attempt-paid');
  const payments = await bank.payments();
  expect(payments).toHaveLength(1);
  expect(payments[0]!.amount).toEqual({ value: '12.50', currency: 'EUR' });
  expect(payments[0]!.idempotency_key.startsWith(await shownKey(page))).toBe(true);
  await page.getByRole('button', { name: 'New sale' }).click();
  // The organization is French: amounts read the French way.
  await expect(page.getByRole('region', { name: 'Today' })).toContainText('12.50');
  await page.getByRole('button', { name: 'Back office' }).click();
  await page.getByRole('tab', { name: 'Payment journal' }).click();
  await expect(page.getByText(/ORDER-1/).first()).toBeVisible();
  await snap(page, info, '15-backoffice-journal');
});

test('a refused payment is retried as a new linked attempt with a new key', async ({ counter: page, bank }, info) => {
  await bank.setBehaviour(T.refuse, 'refuse', 1000);
  await charge(page, '830', T.refuse);
  await expectHeading(page, 'Refused');
  await snap(page, info, '04-attempt-refused');
  const firstKey = await shownKey(page);
  await bank.setBehaviour(T.refuse, 'approve', 1000);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expectHeading(page, 'Paid');
  const payments = await bank.payments();
  expect(payments).toHaveLength(2);
  expect(new Set(payments.map((p) => p.idempotency_key)).size).toBe(2);
  expect(await shownKey(page)).not.toBe(firstKey);
});

test('an offline terminal counts down to timed out, and only a confirmed retry charges again', async ({ counter: page, harness, bank }, info) => {
  await charge(page, '4200', T.offline);
  await expectHeading(page, 'Waiting for the customer on the terminal');
  await expect(page.getByRole('timer').or(page.getByRole('progressbar', { name: 'Time left' })).first()).toBeVisible();
  await snap(page, info, '05-attempt-countdown');
  await harnessControl(harness.url, 'clock', { advance_ms: 121_000 });
  await expectHeading(page, 'No answer from the terminal');
  await snap(page, info, '06-attempt-timed-out');
  await page.getByRole('button', { name: 'Check again' }).click();
  // The heading says "no answer" before the check too: the note says the bank was asked and answered.
  await expect(page.getByRole('status').filter({ hasText: /^Checked at .+: still no answer\.$/ })).toBeVisible();
  await expectHeading(page, 'No answer from the terminal');
  expect(await bank.payments()).toHaveLength(1);

  await page.getByRole('button', { name: 'Charge again' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('button', { name: 'Confirm and charge again' })).toBeDisabled();
  await snap(page, info, '07-confirm-charge-again');
  await dialog.getByLabel('I checked the terminal: no payment was taken').check();
  await bank.setBehaviour(T.offline, 'approve', 500);
  await dialog.getByRole('button', { name: 'Confirm and charge again' }).click();
  await expectHeading(page, 'Paid');
  const payments = await bank.payments();
  expect(payments).toHaveLength(2);
  expect(new Set(payments.map((p) => p.idempotency_key)).size).toBe(2);
});

test('a network failure is resent with the same key and charges once', async ({ counter: page, harness, bank }, info) => {
  await typeAmount(page, '999');
  await pickTerminal(page, T.approve);
  await harnessControl(harness.url, 'network', { down: true });
  await page.getByRole('button', { name: 'Charge' }).click();
  await expectHeading(page, /Connection problem/);
  await snap(page, info, '08-attempt-send-failed');
  const key = await shownKey(page);
  expect(await bank.payments()).toHaveLength(0);
  await harnessControl(harness.url, 'network', { down: false });
  // The engine also resends by itself on a backoff; whichever comes first, the key is the same.
  await page.getByRole('button', { name: 'Resend' }).click({ timeout: 5_000 }).catch(() => undefined);
  await expectHeading(page, 'Paid');
  expect(await shownKey(page)).toBe(key);
  const payments = await bank.payments();
  expect(payments).toHaveLength(1);
  expect(payments[0]!.idempotency_key.startsWith(key)).toBe(true);
});

test('a cashier charges with the keyboard alone on a small screen', async ({ counter: page, bank }, info) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.getByLabel('Terminal').selectOption(T.approve);
  await page.getByRole('heading', { name: 'Today' }).click();
  await page.keyboard.type('1999');
  await page.keyboard.press('Backspace');
  await page.keyboard.type('0');
  await expect(page.getByRole('button', { name: 'Charge' })).toContainText('19.90');
  await snap(page, info, '17-counter-small-screen');
  await page.keyboard.press('Enter');
  await expectHeading(page, 'Paid');
  const payments = await bank.payments();
  expect(payments.map((p) => p.amount.value)).toEqual(['19.90']);
});

test('a late authorization after a confirmed retry is flagged as a possible duplicate', async ({ counter: page, harness, bank }, info) => {
  // The terminal takes the card after 150 s: past the app's 120 s deadline.
  await bank.setBehaviour(T.slow, 'approve', 150_000);
  await charge(page, '3500', T.slow);
  await expectHeading(page, 'Waiting for the customer on the terminal');
  await harnessControl(harness.url, 'clock', { advance_ms: 121_000 });
  await expectHeading(page, 'No answer from the terminal');
  // The cashier saw nothing on the terminal and charges again; this time the terminal answers at once.
  await bank.setBehaviour(T.slow, 'approve', 500);
  await page.getByRole('button', { name: 'Charge again' }).click();
  await page.getByRole('dialog').getByLabel('I checked the terminal: no payment was taken').check();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm and charge again' }).click();
  await expectHeading(page, 'Paid');
  // Then the first terminal's answer arrives late.
  await harnessControl(harness.url, 'clock', { advance_ms: 60_000 });
  await expect(page.getByRole('alert').filter({ hasText: 'Possible duplicate — tell the manager' })).toBeVisible();
  await snap(page, info, '18-counter-possible-duplicate');
  const payments = await bank.payments();
  expect(payments).toHaveLength(2);
  expect(payments.every((p) => p.status === 'AUTHORIZED')).toBe(true);
  await page.getByRole('button', { name: 'Back office' }).click();
  await page.getByRole('tab', { name: 'Payment journal' }).click();
  await expect(page.getByText('Possible duplicate', { exact: true }).first()).toBeVisible();
  await page.getByRole('tab', { name: 'Possible duplicates' }).click();
  await expect(page.getByRole('listitem', { name: /Possible duplicate €35.00/ })).toBeVisible();
});
