/**
 * Restarts: the harness is SIGKILLed and started again on the same data folder
 * while the bank (a standalone sandbox) keeps running, as a till rebooting
 * mid-payment would.
 */
import { test, expect } from './testing/fixtures.js';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { kill } from './testing/processes.js';
import { charge, expectHeading, shownKey, snap } from './testing/cashier.js';
import { SANDBOX_TERMINALS } from '../electron/sandbox/seed-ids.js';

const T = SANDBOX_TERMINALS.fr;

test('a payment in flight survives a restart and is charged exactly once', async ({ page, startHarness, sandbox }, info) => {
  // The customer takes 15 s: a restart on a loaded machine (8 s measured) must still find the payment in flight.
  await sandbox.bank.setBehaviour(T.approve, 'approve', 15_000);
  let harness = await startHarness({ apiBaseUrl: sandbox.url });
  await page.goto(harness.url);
  await charge(page, '2000', T.approve);
  await expectHeading(page, 'Waiting for the customer on the terminal');
  const key = await shownKey(page);
  await kill(harness);

  harness = await startHarness({ apiBaseUrl: sandbox.url, dataDir: harness.dataDir });
  await page.goto(harness.url);
  await expect(page.getByText(`Key ${key}`).first()).toBeVisible();
  await snap(page, info, '09-restored-after-restart');
  await expectHeading(page, 'Paid', 30_000);
  const payments = await sandbox.bank.payments();
  expect(payments).toHaveLength(1);
  expect(payments[0]!.idempotency_key.startsWith(key)).toBe(true);
});

test('the default terminal chosen by the manager is used after a restart', async ({ page, startHarness, sandbox }, info) => {
  let harness = await startHarness({ apiBaseUrl: sandbox.url });
  await page.goto(harness.url);
  await page.getByRole('button', { name: 'Back office' }).click();
  await page.getByRole('tab', { name: 'Terminals' }).click();
  await page.getByRole('button', { name: `Set ${await sandbox.bank.poiId(T.approve2)} as default` }).click();
  await expect(page.getByText('Default terminal saved')).toBeVisible();
  await snap(page, info, '10-backoffice-default-terminal');
  await kill(harness);

  harness = await startHarness({ apiBaseUrl: sandbox.url, dataDir: harness.dataDir });
  await page.goto(harness.url);
  await expect(page.getByLabel('Terminal')).toHaveValue(T.approve2);
});

test('a default terminal the bank no longer lists is flagged and the cashier must pick one', async ({ page, startHarness, sandbox }, info) => {
  // A register whose saved default was removed from the bank's list since the last start.
  const dataDir = mkdtempSync(join(tmpdir(), 'counterpay-e2e-'));
  mkdirSync(join(dataDir, 'training'), { recursive: true });
  writeFileSync(join(dataDir, 'training', 'register.json'), JSON.stringify({ registerId: 'REG-GONE0001', defaultTerminalId: 'terminal-removed-by-the-bank' }));
  const harness = await startHarness({ apiBaseUrl: sandbox.url, dataDir });
  await page.goto(harness.url);
  await expect(page.getByRole('alert').filter({ hasText: 'Your default terminal is no longer available. Pick a terminal.' })).toBeVisible();
  await expect(page.getByLabel('Terminal')).toHaveValue('');
  await expect(page.getByRole('button', { name: 'Charge' })).toBeDisabled();
  await snap(page, info, '16-default-terminal-missing');
  await charge(page, '150', T.approve);
  await expectHeading(page, 'Paid');
});
