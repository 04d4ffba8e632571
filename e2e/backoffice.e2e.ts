/**
 * The manager's back office against the sandbox: cards (lock and unlock),
 * clients (validation before sending, then a real create) and organization. Screenshots of each section are kept for review.
 */
import { test, expect } from '@playwright/test';
import { startHarness, kill, type Harness } from './testing/processes.js';
import { snap } from './testing/cashier.js';

let harness: Harness;

test.beforeEach(async ({ page }) => {
  harness = await startHarness();
  await page.goto(harness.url);
  await page.getByRole('button', { name: 'Back office' }).click();
});

test.afterEach(async () => {
  await kill(harness);
});

test('a manager locks and unlocks a card', async ({ page }, info) => {
  await page.getByRole('tab', { name: 'Cards' }).click();
  const lock = page.getByRole('button', { name: 'Lock', exact: true }).first();
  await expect(lock).toBeVisible();
  await snap(page, info, '11-backoffice-cards');
  const cardName = await page.locator(`#${await lock.getAttribute('aria-describedby')}`).textContent();
  await lock.click();
  await expect(page.getByRole('status').filter({ hasText: 'Card locked' })).toBeVisible();
  const card = page.getByRole('listitem').filter({ hasText: cardName ?? '' }).first();
  await expect(card).toContainText('Paused');
  await card.getByRole('button', { name: 'Unlock' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Card unlocked' })).toBeVisible();
});

test('a new client is checked before it is sent, then created', async ({ page }, info) => {
  await page.getByRole('tab', { name: 'Clients' }).click();
  await page.getByRole('button', { name: 'New client' }).click();
  const form = page.getByRole('form', { name: 'New client' });
  await form.getByLabel('Kind').selectOption('company');
  await form.getByLabel('VAT number').fill('FR12');
  await form.getByRole('button', { name: 'Create client' }).click();
  await expect(form).toContainText(/name/i);
  await expect(form).toContainText(/FR/);
  await snap(page, info, '12-backoffice-client-invalid');
  await form.getByLabel('Company name', { exact: false }).first().fill('Café des Arts');
  await form.getByLabel('VAT number').fill('FR12123456789');
  await form.getByRole('button', { name: 'Create client' }).click();
  await expect(form).toBeHidden();
  await page.getByLabel('Search clients').fill('Café des');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('Café des Arts').first()).toBeVisible();
  await snap(page, info, '13-backoffice-clients');
});

test('the organization is shown with its bank accounts', async ({ page }, info) => {
  await page.getByRole('tab', { name: 'Organization' }).click();
  await expect(page.getByText('Boulangerie Martin SAS')).toBeVisible();
  await expect(page.getByText(/FR76/).first()).toBeVisible();
  await snap(page, info, '14-backoffice-organization');
});
