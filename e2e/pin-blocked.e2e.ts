/**
 * A PIN-blocked card: the back office offers Lock and the bank (sandbox)
 * accepts it, because such a card still pays online; unlocking gives the PIN
 * block back. Screenshots of the card before and after are kept for review.
 */
import { test, expect } from '@playwright/test';
import { startHarness, kill, type Harness } from './testing/processes.js';
import { snap } from './testing/cashier.js';
import { showOnlyStatus } from './testing/card-filters.js';

let harness: Harness;

test.beforeEach(async ({ page }) => {
  harness = await startHarness();
  await page.goto(harness.url);
  await page.getByRole('button', { name: 'Back office' }).click();
});

test.afterEach(async () => {
  await kill(harness);
});

test('a manager locks a PIN-blocked card and unlocks it back to PIN-blocked', async ({ page }, info) => {
  await page.getByRole('tab', { name: 'Cards' }).click();
  await showOnlyStatus(page, 'PIN blocked');
  const card = page.getByRole('listitem').filter({ hasText: 'PIN blocked' }).first();
  await expect(card).toBeVisible();
  await expect(card).toContainText(/Exp\. \d\d\/\d{4}/);
  await snap(page, info, '50-card-pin-blocked');
  const name = await card.locator('.card-name').textContent();
  await card.getByRole('button', { name: 'Lock', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Card locked' })).toBeVisible();
  await showOnlyStatus(page, 'Locked');
  const paused = page.getByRole('listitem').filter({ hasText: name ?? '' }).first();
  await expect(paused).toContainText('Locked');
  await snap(page, info, '51-card-pin-blocked-locked');
  await paused.getByRole('button', { name: 'Unlock' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Card unlocked' })).toBeVisible();
  await showOnlyStatus(page, 'PIN blocked');
  await expect(page.getByRole('listitem').filter({ hasText: name ?? '' }).first()).toContainText('PIN blocked');
});
