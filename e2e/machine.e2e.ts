/**
 * The attempt machine as a cashier and a manager meet it, in Chromium against the real
 * core and the embedded sandbox: a payment made after it was abandoned, two windows
 * charging at once, Today at midnight on the injected clock, a tip shown everywhere.
 */
import { test, expect, type Page } from './testing/fixtures.js';
import { harnessControl } from './testing/bank.js';
import { charge, expectHeading, shownKey, snap, typeAmount, pickTerminal } from './testing/cashier.js';
import { SANDBOX_TERMINALS } from '../electron/sandbox/seed-ids.js';

const T = SANDBOX_TERMINALS.fr;

test.beforeEach(async ({ bank }) => {
  await bank.setBehaviour(T.approve, 'approve', 1500);
});

const today = (page: Page) => page.getByRole('region', { name: 'Today' });

test('abandon, then paid later: an alert on the counter and an entry for the manager until it is resolved', async ({ counter: page, harness, bank }, info) => {
  await bank.setBehaviour(T.slow, 'approve', 90_000);
  await charge(page, '1111', T.slow);
  await expectHeading(page, 'Waiting for the customer on the terminal');
  await page.getByRole('button', { name: 'Abandon' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Cancel the payment on the terminal itself');
  await dialog.getByRole('button', { name: 'Abandon the payment' }).click();
  await expect(page.getByRole('button', { name: /^Charge/ })).toBeVisible();

  // The cashier charges the next sale on another terminal.
  await charge(page, '500', T.approve);
  await expectHeading(page, 'Paid');
  await page.getByRole('button', { name: 'New sale' }).click();

  // 90 s later the first customer pays on the slow terminal after all.
  await harnessControl(harness.url, 'clock', { advance_ms: 91_000 });
  const alert = page.getByRole('alert').filter({ hasText: 'Paid after it was abandoned: €11.11' });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText(await bank.poiId(T.slow));
  await expect(alert).toContainText('Charged since on this register: €5.00');
  await expect(today(page)).toContainText('Paid after abandon');
  await snap(page, info, '20-counter-paid-after-abandon');
  expect((await bank.payments()).filter((p) => p.status === 'AUTHORIZED')).toHaveLength(2);

  await page.getByRole('button', { name: 'Back office' }).click();
  await page.getByRole('tab', { name: 'Possible duplicates' }).click();
  const entry = page.getByRole('listitem', { name: /Possible duplicate €11\.11/ });
  await expect(entry).toContainText('Paid after the cashier abandoned it');
  await snap(page, info, '21-manager-possible-duplicates');
  await entry.getByLabel('Refunded to the customer outside Counterpay').check();
  await entry.getByLabel('How was the customer refunded?').fill('Cash back, receipt 42');
  await entry.getByLabel('Your name').fill('Marie');
  await entry.getByRole('button', { name: 'Save the answer' }).click();
  await expect(page.getByText('No possible duplicate to check.')).toBeVisible();

  await page.getByRole('button', { name: 'Counter', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Paid after it was abandoned' })).toHaveCount(0);
  await expect(today(page)).toContainText('Refunded outside Counterpay: Cash back, receipt 42');
});

test('two windows charge at once: one sale goes out, the other window keeps its amount and says the register is busy', async ({ counter: page, context, harness, bank }, info) => {
  const second = await context.newPage();
  await second.goto(harness.url);
  await bank.setBehaviour(T.approve, 'approve', 4000);
  await typeAmount(page, '1111');
  await pickTerminal(page, T.approve);
  await typeAmount(second, '2222');
  await pickTerminal(second, T.approve);
  await Promise.all([
    page.getByRole('button', { name: /^Charge/ }).click(),
    second.getByRole('button', { name: /^Charge/ }).click(),
  ]);
  const payments = await expect.poll(async () => (await bank.payments()).length).toBe(1).then(() => bank.payments());
  const won = payments[0]!.amount.value === '11.11' ? page : second;
  const lost = won === page ? second : page;
  const wonAmount = won === page ? '€11.11' : '€22.22';
  const lostAmount = won === page ? '€22.22' : '€11.11';
  await expectHeading(won, 'Waiting for the customer on the terminal');
  const key = await shownKey(won);
  const busy = lost.getByRole('alert').filter({ hasText: 'This register is busy with the other sale' });
  // The cashier reads it at once, not folded into the technical details.
  const words = busy.getByText('This register is busy with the other sale');
  await expect(words).toBeVisible();
  await expect(words).toContainText(wonAmount);
  await expect(words).toContainText(`Key ${key}`);
  await expect(busy).not.toContainText(/[0-9a-f]{8}-[0-9a-f]{4}/);
  await expect(lost.getByRole('button', { name: /^Charge/ })).toContainText(lostAmount);
  await snap(lost, info, '22-two-windows-busy');
  await expectHeading(won, 'Paid');
  // Both windows read the same journal: the same row, the same total.
  for (const p of [page, second]) await expect(today(p).locator('.today-total strong')).toHaveText(wonAmount);
  await second.close();
});

test('Today rolls over at midnight by itself; an unresolved attempt from yesterday shows its date', async ({ counter: page, harness }, info) => {
  await charge(page, '1250', T.approve);
  await expectHeading(page, 'Paid');
  await page.getByRole('button', { name: 'New sale' }).click();
  await charge(page, '4200', T.offline);
  await expectHeading(page, 'Waiting for the customer on the terminal');
  await harnessControl(harness.url, 'clock', { advance_ms: 121_000 });
  await expectHeading(page, 'No answer from the terminal');
  await expect(today(page).locator('.today-total strong')).toHaveText(/€12\.50/);

  const now = Date.now() + 121_000;
  const midnight = new Date(new Date(now).getFullYear(), new Date(now).getMonth(), new Date(now).getDate() + 1).getTime();
  await harnessControl(harness.url, 'clock', { advance_ms: midnight - now + 90_000 });
  await expect(today(page).locator('.today-total strong')).toHaveText(/€0\.00/);
  await expect(today(page)).not.toContainText('€12.50');
  const yesterday = new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(midnight - 3600_000);
  await expect(today(page).getByRole('listitem').filter({ hasText: '€42.00' })).toContainText(yesterday);
  await snap(page, info, '23-today-after-midnight');
});

test('a tip is shown apart from the amount asked, on the counter, in Today and in the journal', async ({ counter: page, bank }, info) => {
  await bank.setBehaviour(T.approve, 'tip', 800, { tip_amount: '2.00' });
  await charge(page, '1000', T.approve);
  await expectHeading(page, 'Paid');
  const amounts = page.getByLabel('Amounts');
  await expect(amounts).toContainText('Asked');
  await expect(amounts).toContainText('€10.00');
  await expect(amounts).toContainText('Tip');
  await expect(amounts).toContainText('€2.00');
  await expect(amounts).toContainText('€12.00');
  await expect(today(page)).toContainText('Asked €10.00 + tip €2.00');
  await expect(today(page).locator('.today-total')).toContainText('€12.00');
  await expect(today(page).locator('.today-total')).toContainText('of which tips €2.00');
  await snap(page, info, '24-counter-tip');
  await page.getByRole('button', { name: 'Back office' }).click();
  await page.getByRole('tab', { name: 'Payment journal' }).click();
  await expect(page.getByText(/\+ €2\.00 tip/).first()).toBeVisible();
});
