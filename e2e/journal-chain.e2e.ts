/**
 * A journal line edited outside Counterpay: sales on two days (the harness's clock), the first
 * day closed, then a line of that day changed in a text editor while the till is off. At the next
 * start the manager sees what was found, the day's journal and its printed report say so, the
 * till still sells, a manager confirms with their name, and the command-line check names the break.
 */
import { test, expect, type Page } from '@playwright/test';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SANDBOX_TERMINALS } from '../electron/sandbox/seed-ids.js';
import { runJournalCli } from '../electron/history/cli.js';
import { localDay } from '../shared/domain/calendar-day.js';
import { harnessControl } from './testing/bank.js';
import { charge, expectHeading, snap } from './testing/cashier.js';
import { kill, startHarness, type Harness } from './testing/processes.js';

const T = SANDBOX_TERMINALS.fr;
const DAY_MS = 86_400_000;
let harness: Harness | null = null;

test.afterEach(async () => {
  if (harness) await kill(harness);
  harness = null;
});

async function sell(page: Page, amount: string): Promise<void> {
  await charge(page, amount, T.approve);
  await expectHeading(page, 'Paid');
  await page.getByRole('button', { name: 'New sale' }).click();
}

async function openJournal(page: Page, day: string): Promise<void> {
  await page.getByRole('button', { name: 'Back office', exact: true }).click();
  await page.getByRole('tab', { name: 'Payment journal' }).click();
  await page.getByLabel('From', { exact: true }).fill(day);
  await page.getByLabel('To', { exact: true }).fill(day);
}

test('an edited line of a closed day: the notice, the marked report, a sale all the same, the manager’s confirmation', async ({ page }, info) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'counterpay-e2e-chain-'));
  const day1 = localDay(Date.now());
  harness = await startHarness({ dataDir });
  await page.goto(harness.url);
  await sell(page, '1250');
  await sell(page, '1300');
  await openJournal(page, day1);
  const closing = page.getByLabel('Closing');
  await closing.getByLabel('Closed by').fill('Marie');
  await closing.getByRole('button', { name: /^Close / }).click();
  await expect(page.getByLabel('Closing')).toContainText('Closed by Marie');
  await harnessControl(harness.url, 'clock', { advance_ms: DAY_MS });
  await page.getByRole('button', { name: 'Counter' }).click();
  await sell(page, '1400');
  await kill(harness);

  // A text editor changes the amount of the first sale in the closed day's file.
  const file = join(dataDir, 'training', 'journal', `${day1}.jsonl`);
  const lines = readFileSync(file, 'utf8').split('\n');
  const at = lines.findIndex((l) => l.includes('"amountMinor":1250'));
  lines[at] = lines[at]!.replace('"amountMinor":1250', '"amountMinor":125');
  writeFileSync(file, lines.join('\n'));

  harness = await startHarness({ dataDir });
  await page.goto(harness.url);
  const notice = page.getByRole('alert').filter({ hasText: 'The payment journal was changed outside Counterpay' });
  await expect(notice).toContainText(`days: ${day1}`);
  await expect(notice).toContainText('To recover: A manager compares those days');
  await snap(page, info, '60-notice-journal-changed');
  await sell(page, '1500');

  await openJournal(page, day1);
  await expect(page.getByRole('alert').filter({ hasText: `The journal of these days (${day1}) was changed outside Counterpay` })).toBeVisible();
  await snap(page, info, '61-journal-marked');
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('.z-report')).toContainText(`The journal of these days (${day1}) was changed outside Counterpay`);
  await page.emulateMedia({ media: 'screen' });

  await page.getByRole('tab', { name: 'Settings' }).click();
  const settingsNotice = page.getByRole('alert').filter({ hasText: 'The payment journal was changed outside Counterpay' });
  await settingsNotice.getByLabel('Your name').fill('Marie');
  await settingsNotice.getByRole('button', { name: 'I have seen this notice' }).click();
  await expect(page.getByText('The payment journal was changed outside Counterpay')).toHaveCount(0);
  await snap(page, info, '62-notice-confirmed');

  let out = '';
  const code = await runJournalCli(['verify', '--data-dir', dataDir], { out: (t) => (out += String(t)), err: () => undefined });
  expect(code).toBe(3);
  expect(out).toContain(`${day1}.jsonl line ${at + 1}: edited record`);
});
