/**
 * A journal line edited outside Counterpay: sales on two past days, one closed, then a line of
 * the closed day changed in a text editor. At start the manager sees what was found, the day's
 * journal and its printed report say so, the till still sells, a manager confirms with their name,
 * and the command-line check still names the break.
 */
import { test, expect } from '@playwright/test';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SANDBOX_TERMINALS } from '../electron/sandbox/seed-ids.js';
import { Journal } from '../electron/payments/journal.js';
import { newAttempt } from '../electron/payments/new-attempt.js';
import { localDay } from '../shared/domain/calendar-day.js';
import { runJournalCli } from '../electron/history/cli.js';
import { charge, expectHeading, snap } from './testing/cashier.js';
import { kill, startHarness, type Harness } from './testing/processes.js';

const DAY = 86_400_000;
let harness: Harness | null = null;

test.afterEach(async () => {
  if (harness) await kill(harness);
  harness = null;
});

async function twoDays(dataDir: string): Promise<string> {
  const { journal } = await Journal.open(join(dataDir, 'training'));
  const start = new Date(Date.now() - 3 * DAY).setHours(11, 0, 0, 0);
  for (let d = 0; d < 2; d++) {
    for (let i = 0; i < 2; i++) {
      const at = start + d * DAY + i * 60_000;
      const a = newAttempt({ terminalId: SANDBOX_TERMINALS.fr.approve, amountMinor: 1250 + i, currency: 'EUR', metadata: {}, registerId: 'reg-e2e', saleId: null, previousAttemptId: null }, at);
      await journal.append('create', at, [a], () => []);
      const paid = { ...a, state: 'authorized' as const, paymentId: `p-${d}-${i}`, authorizedAmountMinor: a.amountMinor, updatedAt: at + 500 };
      await journal.append('update', at + 500, [paid], () => []);
    }
  }
  const day1 = localDay(start);
  await journal.appendRecord('close', { day: day1, registerId: 'reg-e2e', totals: {}, attemptIds: [] }, 'Marie', start + DAY - 1000, () => []);
  await journal.close();
  const file = join(dataDir, 'training', 'journal', `${day1}.jsonl`);
  const lines = readFileSync(file, 'utf8').split('\n');
  lines[2] = lines[2]!.replace('"amountMinor":1250', '"amountMinor":125');
  writeFileSync(file, lines.join('\n'));
  return day1;
}

test('an edited line of a closed day: the notice, the marked report, a sale all the same, the manager’s confirmation', async ({ page }, info) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'counterpay-e2e-chain-'));
  const day1 = await twoDays(dataDir);
  harness = await startHarness({ dataDir });
  await page.goto(harness.url);

  const notice = page.getByRole('alert').filter({ hasText: 'The payment journal was changed outside Counterpay' });
  await expect(notice).toContainText(`days: ${day1}`);
  await expect(notice).toContainText('To recover: A manager compares those days');
  await snap(page, info, '60-notice-journal-changed');

  await charge(page, '1250', SANDBOX_TERMINALS.fr.approve);
  await expectHeading(page, 'Paid');

  await page.getByRole('button', { name: 'New sale' }).click();
  await page.getByRole('button', { name: 'Back office' }).click();
  await page.getByRole('tab', { name: 'Payment journal' }).click();
  await page.getByLabel('From').fill(day1);
  await page.getByLabel('To').fill(day1);
  await expect(page.getByRole('alert').filter({ hasText: `The journal of these days (${day1}) was changed outside Counterpay` })).toBeVisible();
  await snap(page, info, '61-journal-marked');

  await page.getByRole('tab', { name: 'Settings' }).click();
  const settingsNotice = page.getByRole('alert').filter({ hasText: 'The payment journal was changed outside Counterpay' });
  await settingsNotice.getByLabel('Your name').fill('Marie');
  await settingsNotice.getByRole('button', { name: 'I have seen this notice' }).click();
  await expect(page.getByText('The payment journal was changed outside Counterpay')).toHaveCount(0);
  await snap(page, info, '62-notice-confirmed');

  let out = '';
  const code = await runJournalCli(['verify', '--data-dir', dataDir], { out: (t) => (out += t), err: () => undefined });
  expect(code).toBe(3);
  expect(out).toContain(`${day1}.jsonl line 3: edited record`);
});
