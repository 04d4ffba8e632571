/**
 * The manager's archive and key change in the back office: a sale, the month archived from the
 * payment journal (written by the main process into the harness's downloads folder, its stand-in
 * for the save dialog: the page never holds the file; the file is the one the auditor checks with
 * verify --archive, signed by the register, whose fingerprint the back office shows), then the
 * signing key changed in Settings, and the new key kept when the harness starts again (its cipher
 * lives in memory, so the key is in an owner-only file): the journal stays intact, with no
 * lost-key note.
 */
import { test, expect } from '@playwright/test';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SANDBOX_TERMINALS } from '../electron/sandbox/seed-ids.js';
import { runJournalCli } from '../electron/history/cli.js';
import { charge, expectHeading, snap } from './testing/cashier.js';
import { kill, startHarness, type Harness } from './testing/processes.js';

let harness: Harness | null = null;

test.afterEach(async () => {
  if (harness) await kill(harness);
  harness = null;
});

async function verify(argv: string[]): Promise<{ code: number; out: string }> {
  let out = '';
  const code = await runJournalCli(['verify', ...argv], { out: (t) => (out += t), err: (t) => (out += t) });
  return { code, out };
}

test('the month archived for the auditor and the signing key changed, both from the back office', async ({ page }, info) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'counterpay-e2e-archive-'));
  const downloadsDir = mkdtempSync(join(tmpdir(), 'counterpay-e2e-downloads-'));
  harness = await startHarness({ dataDir, downloadsDir });
  let downloads = 0;
  page.on('download', () => downloads++);
  await page.goto(harness.url);
  await charge(page, '1250', SANDBOX_TERMINALS.fr.approve);
  await expectHeading(page, 'Paid');
  await page.getByRole('button', { name: 'Back office', exact: true }).click();
  await page.getByRole('tab', { name: 'Payment journal' }).click();

  const archive = page.getByRole('group', { name: 'Archive for the accountant or auditor' });
  await archive.getByLabel('Your name').fill('Marie');
  await archive.getByRole('button', { name: 'Archive the month' }).click();
  await expect(archive.getByRole('status')).toContainText('Archive saved');
  await archive.scrollIntoViewIfNeeded();
  await snap(page, info, '70-archive-saved');
  // Written by the main process where the save dialog (here the downloads folder) said; nothing came through the page.
  expect(downloads).toBe(0);
  const saved = readdirSync(downloadsDir);
  expect(saved).toHaveLength(1);
  expect(saved[0]).toMatch(/^counterpay-training-archive-\d{4}-\d{2}-01_\d{4}-\d{2}-\d{2}\.cparchive$/);
  const file = join(downloadsDir, saved[0]!);
  const checked = await verify(['--archive', file]);
  expect(checked.out).toMatch(/archive intact: .*; the archive is signed by key [0-9a-f]{16}; signing key\(s\) [0-9a-f]{16} \(SHA-256 fingerprint [0-9a-f]{64}\)/);
  expect(checked.code).toBe(0);
  expect(readFileSync(file, 'utf8')).toContain('"writtenBy":"Marie"');

  await page.getByRole('tab', { name: 'Settings' }).click();
  const key = page.getByRole('region', { name: 'Journal signing key' });
  await expect(key).toContainText('kept in a file that only this computer’s user can read');
  await key.getByText('Technical details').click();
  const oldKey = (await key.locator('.mono').first().textContent()) ?? '';
  // The whole fingerprint, in groups of four, is the one verify prints: an auditor compares them.
  const fingerprint = ((await key.locator('.mono').nth(1).textContent()) ?? '').replace(/ /g, '');
  expect(fingerprint.startsWith(oldKey)).toBe(true);
  expect(checked.out).toContain(`(SHA-256 fingerprint ${fingerprint})`);
  expect((await verify(['--archive', file, '--key-fingerprint', fingerprint])).code).toBe(0);
  await key.getByRole('button', { name: 'Change the signing key' }).click();
  await expect(key.getByRole('alert')).toContainText('signed by the current key');
  await key.getByLabel('Your name').fill('Marie');
  await key.getByRole('button', { name: 'Yes, change the key' }).click();
  await expect(key.getByRole('status')).toContainText('The signing key was changed');
  await key.scrollIntoViewIfNeeded();
  await snap(page, info, '71-signing-key-changed');
  await expect(key.locator('.mono').first()).not.toHaveText(oldKey);
  const newKey = (await key.locator('.mono').first().textContent()) ?? '';
  expect(newKey).toMatch(/^[0-9a-f]{16}$/);
  expect(readFileSync(join(dataDir, 'training', 'journal', 'public-keys.pem'), 'utf8').match(/BEGIN PUBLIC KEY/g)).toHaveLength(2);
  await kill(harness);

  harness = await startHarness({ dataDir });
  await page.goto(harness.url);
  await page.getByRole('button', { name: 'Back office', exact: true }).click();
  await page.getByRole('tab', { name: 'Settings' }).click();
  const again = page.getByRole('region', { name: 'Journal signing key' });
  await again.getByText('Technical details').click();
  await expect(again.locator('.mono').first()).toHaveText(newKey);
  await expect(page.getByText('signing key changed')).toHaveCount(0);
  await kill(harness);
  harness = null;
  const after = await verify(['--data-dir', dataDir]);
  expect(after.out).toMatch(/journal intact: .*signature\(s\) checked against public-keys\.pem/);
  expect(after.out).not.toMatch(/without its old key/);
  expect(after.code).toBe(0);
});
