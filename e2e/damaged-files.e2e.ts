/**
 * Each damaged-file case starts the harness on a prepared data folder: the
 * till starts, the counter shows the manager what was lost and how to
 * recover, and money-relevant state has failed closed.
 */
import { test, expect, type Fixtures, type Page } from './testing/fixtures.js';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SANDBOX_TERMINALS } from '../electron/sandbox/seed-ids.js';
import { en } from '../shared/i18n/catalogs/en.js';
import { charge, expectHeading, snap } from './testing/cashier.js';
import { kill, type Harness } from './testing/processes.js';
import { Bank, harnessControl } from './testing/bank.js';

const T = SANDBOX_TERMINALS.fr;
async function startOn(page: Page, startHarness: Fixtures['startHarness'], files: Record<string, string>): Promise<string> {
  return (await startHarnessOn(page, startHarness, files)).dataDir;
}

async function startHarnessOn(page: Page, startHarness: Fixtures['startHarness'], files: Record<string, string>): Promise<Harness> {
  const dataDir = mkdtempSync(join(tmpdir(), 'counterpay-e2e-damaged-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dataDir, name, '..'), { recursive: true });
    writeFileSync(join(dataDir, name), text);
  }
  const harness = await startHarness({ dataDir });
  await page.goto(harness.url);
  return harness;
}

const notice = (page: Page, title: RegExp) => page.getByRole('alert').filter({ hasText: title });

test('environments.json unreadable: no bank chosen, no sale, until a manager chooses', async ({ page, startHarness }, info) => {
  await startOn(page, startHarness, { 'environments.json': '{"version":1,"active":"produc' });
  await expect(page.getByText('COUNTER CLOSED — no sale can be taken')).toBeVisible();
  await expect(page.getByText('No bank chosen for this register')).toBeVisible();
  await expectHeading(page, 'No sale can be taken');
  await expect(notice(page, /The bank settings of this register could not be read/)).toContainText('To recover: A manager opens Back office → Settings');
  await expect(page.getByRole('button', { name: 'Charge' })).toHaveCount(0);
  await snap(page, info, '50-notice-environments-unreadable');

  await page.getByRole('button', { name: /Back office/ }).click();
  await page.getByRole('tab', { name: 'Settings' }).click();
  await expect(notice(page, /could not be read/)).toBeVisible();
  await snap(page, info, '51-notice-environments-settings');
  await page.getByRole('button', { name: 'Switch to Training' }).click();
  await expect(page.getByText('TRAINING — no real money moves')).toBeVisible();
  await expect(notice(page, /could not be read/)).toHaveCount(0);
  await page.getByRole('button', { name: 'Counter' }).click();
  await charge(page, '1250', T.approve);
  await expectHeading(page, 'Paid');
});

test('environments.json deleted beside a bank vault: not a fresh training till; the manager is told what is missing and chooses', async ({ page, startHarness }, info) => {
  await startOn(page, startHarness, { 'bank-credentials.vault.json': '{"version":1,"entries":{}}' });
  await expect(page.getByText('COUNTER CLOSED — no sale can be taken')).toBeVisible();
  await expect(notice(page, /The file saying which bank this register uses has disappeared/)).toContainText('still holds its bank sign-in or its sales');
  await expect(page.getByRole('button', { name: 'Charge' })).toHaveCount(0);
  await snap(page, info, '50b-notice-environments-missing');
  await page.getByRole('button', { name: /Back office/ }).click();
  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.getByRole('button', { name: 'Switch to Training' }).click();
  await expect(page.getByText('TRAINING — no real money moves')).toBeVisible();
  await expect(notice(page, /has disappeared/)).toHaveCount(0);
});

for (const [what, text, shot] of [['garbage', '{"version":1,"pin":', '52-notice-pin-garbage'], ['empty', '', '53-notice-pin-empty']] as const) {
  test(`manager-pin.json ${what}: the till sells, manager screens stay locked, the manager is told`, async ({ page, startHarness }, info) => {
    await startOn(page, startHarness, { 'manager-pin.json': text });
    await expect(notice(page, /The manager PIN could not be read: manager screens stay locked/)).toContainText('manager-pin.json back from a backup');
    await snap(page, info, shot);
    await charge(page, '1250', T.approve);
    await expectHeading(page, 'Paid');
    // The manager view asks for the PIN, and no PIN can open it.
    await page.getByRole('button', { name: /Back office/ }).click();
    const prompt = page.getByRole('dialog');
    await prompt.getByLabel(/PIN/).first().fill('1234');
    await prompt.getByRole('button', { name: /Unlock/ }).click();
    await expect(prompt.getByText(en['error.pinUnavailable.title'], { exact: true })).toBeVisible();
    await expect(prompt.getByText(en['error.pinUnavailable.next'], { exact: true })).toBeVisible();
    await expect(page.getByRole('tablist', { name: 'Back office' })).toHaveCount(0);
    await snap(page, info, `${shot}-prompt`);
  });
}

test('a PIN that disappeared after being set is noticed and keeps the manager screens locked', async ({ page, startHarness }, info) => {
  await startOn(page, startHarness, { 'manager-pin-set.json': '{"version":1}' });
  await expect(notice(page, /The manager PIN has disappeared: manager screens stay locked/)).toBeVisible();
  await snap(page, info, '54-notice-pin-disappeared');
});

test('the newest journal file deleted with a sale open: the manager is told it is gone, not silently taken back to an older day', async ({ page, startHarness }, info) => {
  const first = await startHarnessOn(page, startHarness, {});
  const dataDir = first.dataDir;
  await new Bank(first.bankUrl).setBehaviour(T.approve, 'approve', 60_000);
  await charge(page, '1250', T.approve);
  await expectHeading(page, 'Waiting for the customer on the terminal');
  const journal = join(dataDir, 'training', 'journal');
  await expect.poll(() => existsSync(join(dataDir, 'training', 'journal-mark.json'))).toBe(true);
  await kill(first);
  for (const f of readdirSync(journal)) rmSync(join(journal, f));
  const again = await startHarness({ dataDir });
  await page.goto(again.url);
  await expect(notice(page, /A file of the payment journal has disappeared/)).toContainText('is no longer in the data folder');
  await snap(page, info, '55b-notice-journal-file-missing');
});

test('the newest journal file deleted after a checked start: one notice, not two, acknowledged once by a manager', async ({ page, startHarness }, info) => {
  const first = await startHarnessOn(page, startHarness, {});
  const dataDir = first.dataDir;
  await new Bank(first.bankUrl).setBehaviour(T.approve, 'approve', 60_000);
  await charge(page, '1250', T.approve);
  await expectHeading(page, 'Waiting for the customer on the terminal');
  // A day later the sale's deadline has passed: its record starts the next day's file, the one lost below.
  await harnessControl(first.url, 'clock', { advance_ms: 86_400_000 });
  const journal = join(dataDir, 'training', 'journal');
  await expect.poll(() => readdirSync(journal).filter((f) => f.endsWith('.jsonl')).length).toBe(2);
  await kill(first);
  // A start that checks the journal: its verified point now names the newest file's end.
  const checked = await startHarness({ dataDir });
  await page.goto(checked.url);
  // The first run may have left a verified point in the older file already: wait for this start's, in the newest.
  const newest = readdirSync(journal).filter((f) => f.endsWith('.jsonl')).sort().at(-1) ?? '';
  const verified = join(journal, 'verified.json');
  await expect.poll(() => existsSync(verified) && readFileSync(verified, 'utf8').includes(`"${newest}"`)).toBe(true);
  await kill(checked);
  rmSync(join(journal, newest));
  const again = await startHarness({ dataDir });
  await page.goto(again.url);
  const lost = notice(page, /A file of the payment journal has disappeared/);
  await expect(lost).toBeVisible();
  await expect(notice(page, /changed outside Counterpay/)).toHaveCount(0);
  await snap(page, info, '55c-notice-journal-file-missing-acknowledge');
  await lost.getByLabel(en['setup.chain.by']).fill('Marie');
  await lost.getByRole('button', { name: en['setup.chain.acknowledge'] }).click();
  await expect(notice(page, /has disappeared|changed outside Counterpay/)).toHaveCount(0);
});

test('a journal path that is a file: the till starts closed and says why', async ({ page, startHarness }, info) => {
  const dataDir = await startOn(page, startHarness, { 'training/journal': 'oops' });
  await expectHeading(page, 'No sale can be taken');
  await expect(notice(page, /The payment journal cannot be opened/)).toContainText(`${join(dataDir, 'training', 'journal')} is a file, where Counterpay keeps its journal folder`);
  await snap(page, info, '55-notice-journal-is-a-file');
});

test('register.json damaged: set aside, a notice until the default terminal is chosen again', async ({ page, startHarness }, info) => {
  await startOn(page, startHarness, { 'training/register.json': '{"registerId": 7' });
  await expect(notice(page, /The settings of this register were damaged and were reset/)).toContainText(/kept as register\.json\.damaged-\d+/);
  await snap(page, info, '56-notice-register-reset');
  await charge(page, '1250', T.approve);
  await expectHeading(page, 'Paid');
});
