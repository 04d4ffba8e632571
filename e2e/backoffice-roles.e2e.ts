/**
 * What the bank sign-in may do is shown before the click. The API has no
 * read-only way to learn a membership's role, so Counterpay never writes to
 * find out: a sign-in that sees only its own cards is not offered the
 * owner-only actions, with the reason, so it never meets the bank's refusal. A permission the bank did not grant is explained where its feature would be.
 */
import { test, expect } from './testing/fixtures.js';
import type { Card } from '../shared/domain/bank.js';
import { Bank } from './testing/bank.js';
import { snap } from './testing/cashier.js';

test('an employee: the role is never probed by a write; owner-only actions are shown unavailable with the reason, and the bank never refuses a button', async ({ page, startHarness }, info) => {
  const harness = await startHarness({ role: 'employee' });
  const bank = new Bank(harness.bankUrl);
  const writes = async () => (await bank.requests()).filter((r) => r.method !== 'GET');
  await page.goto(harness.url);
  await page.getByRole('button', { name: 'Back office' }).click();
  await page.getByRole('tab', { name: 'Cards' }).click();

  const shown = page.getByRole('list', { name: 'Cards found' }).getByRole('listitem');
  await expect(shown.first()).toBeVisible();
  // The employee sees exactly their own cards, as the bank lists them.
  const own = (await bank.api<{ meta: { total_count: number } }>('/v2/cards?per_page=1', { role: 'employee' })).meta.total_count;
  await expect(page.getByText(`${own} cards`)).toBeVisible();
  // Only one person's cards: the role is unknown, and nothing was written at the bank to find it out.
  expect(await writes()).toEqual([]);

  const item = shown.filter({ has: page.getByRole('button', { name: 'Lock', exact: true }) }).first();
  const cardId = await item.getAttribute('data-card-id');
  // Owner-only actions are not offered at all, with the reason before any click: nothing the screen offers is refused.
  for (const other of await shown.all()) await expect(other.getByRole('button', { name: 'Rename' })).toHaveAttribute('aria-disabled', 'true');
  const note = page.getByRole('note').filter({ hasText: 'Rename, Restrictions, Unlock' });
  await expect(note).toContainText('Only an owner or admin of the company may do this');
  await item.getByRole('button', { name: 'Rename' }).click({ force: true });
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(await writes()).toEqual([]);
  await snap(page, info, '65-cards-employee');

  // Locking is open to an employee, but they are told first that they cannot undo it.
  await item.getByRole('button', { name: 'Lock', exact: true }).click();
  const lock = page.getByRole('dialog', { name: 'Lock this card?' });
  await expect(lock).toContainText('Only an owner or admin of the company can unlock it again.');
  await snap(page, info, '66-cards-employee-lock-warning');
  await lock.getByRole('button', { name: 'Lock' }).click();
  const locked = page.locator(`li[data-card-id="${cardId}"]`);
  await expect(locked).toContainText('Locked');
  await expect(locked.getByRole('button', { name: 'Unlock' })).toHaveAttribute('aria-disabled', 'true');
  await locked.getByRole('button', { name: 'Unlock' }).click({ force: true });
  const card = (await bank.api<{ cards: Card[] }>(`/v2/cards?ids[]=${cardId}`, { role: 'employee' })).cards[0]!;
  expect(card.status).toBe('paused');
  // No button the screen offered met a refusal.
  expect((await bank.requests()).filter((r) => r.status === 403)).toHaveLength(0);
  await snap(page, info, '67-cards-employee-locked');
});

test('the owner is offered every action', async ({ page, startHarness }) => {
  const harness = await startHarness();
  await page.goto(harness.url);
  await page.getByRole('button', { name: 'Back office' }).click();
  await page.getByRole('tab', { name: 'Cards' }).click();
  const item = page.getByRole('list', { name: 'Cards found' }).getByRole('listitem').first();
  await expect(item.getByRole('button', { name: 'Rename' })).not.toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByRole('note').filter({ hasText: 'not available' })).toHaveCount(0);
});

test('permissions the bank did not grant are explained where their feature would be', async ({ page, startHarness }, info) => {
  const harness = await startHarness({ scopes: ['organization.read', 'terminal.read', 'terminal.write', 'card.read', 'offline_access'] });
  await page.goto(harness.url);
  await page.getByRole('button', { name: 'Back office' }).click();
  await page.getByRole('tab', { name: 'Clients' }).click();
  await expect(page.getByRole('note')).toContainText('The bank connection was not allowed to see clients');
  await snap(page, info, '68-clients-scope-missing');
  await page.getByRole('tab', { name: 'Cards' }).click();
  const note = page.getByRole('note').filter({ hasText: 'Rename, Restrictions, Unlock, Lock, Report lost' });
  await expect(note).toContainText('not allowed to change cards');
  await expect(page.getByRole('button', { name: 'Lock', exact: true }).first()).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await snap(page, info, '69-cards-scope-missing');
});

test("an employee's other back-office screens", async ({ page, startHarness }, info) => {
  const harness = await startHarness({ role: 'employee' });
  await page.goto(harness.url);
  await page.getByRole('button', { name: 'Back office' }).click();
  await expect(page.getByRole('heading', { name: 'Terminals' })).toBeVisible();
  await expect(page.getByRole('row')).not.toHaveCount(0);
  await snap(page, info, '70-terminals-employee');
  await page.getByRole('tab', { name: 'Clients' }).click();
  await expect(page.getByRole('table')).toBeVisible();
  await expect(page.getByRole('button', { name: 'New client' })).not.toHaveAttribute('aria-disabled', 'true');
  await snap(page, info, '71-clients-employee');
  await page.getByRole('tab', { name: 'Organization' }).click();
  await expect(page.getByRole('table', { name: 'Accounts at this bank' })).toBeVisible();
  await snap(page, info, '72-organization-employee');
});
