/**
 * A PIN-blocked card: the back office offers Lock and the bank (sandbox)
 * accepts it, because such a card still pays online; unlocking gives the PIN
 * block back. Screenshots of the card before and after are kept for review.
 */
import { test, expect } from './testing/fixtures.js';
import { snap } from './testing/cashier.js';
import { showOnlyStatus } from './testing/card-filters.js';



test('a manager locks a PIN-blocked card and unlocks it back to PIN-blocked', async ({ manager: page }, info) => {
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
