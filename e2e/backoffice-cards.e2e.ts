/**
 * Card filters, alone and combined, each checked against the sandbox's own
 * answer to the same query; and the default order that puts live cards first.
 */
import { test, expect, type Page } from './testing/fixtures.js';
import type { Card } from '../shared/domain/bank.js';
import { SANDBOX_MEMBERSHIPS } from '../electron/sandbox/seed-ids.js';
import type { Bank } from './testing/bank.js';
import { snap } from './testing/cashier.js';
import { pickCardFilter } from './testing/card-filters.js';


test.beforeEach(async ({ manager: page }) => {
  await page.getByRole('tab', { name: 'Cards' }).click();
});

/** The card ids the screen lists, in order. */
async function shownIds(page: Page): Promise<string[]> {
  const list = page.getByRole('list', { name: 'Cards found' });
  await expect(list).not.toHaveAttribute('aria-busy', 'true');
  return list.locator('li[data-card-id]').evaluateAll((els) => els.map((e) => e.getAttribute('data-card-id') ?? ''));
}

/** The sandbox's first page of the same query, by name as the screen is sorted. */
async function sandboxIds(bank: Bank, params: Record<string, string[]>): Promise<string[]> {
  const q = new URLSearchParams({ sort_by: 'nickname:asc', per_page: '20', page: '1' });
  for (const [k, values] of Object.entries(params)) for (const v of values) q.append(`${k}[]`, v);
  return (await bank.api<{ cards: Card[] }>(`/v2/cards?${q}`)).cards.map((c) => c.id);
}

async function expectSame(page: Page, bank: Bank, params: Record<string, string[]>): Promise<void> {
  const expected = await sandboxIds(bank, params);
  expect(expected.length).toBeGreaterThan(0);
  await expect.poll(() => shownIds(page)).toEqual(expected);
}

test('by default live cards come first, as the sandbox lists its live cards', async ({ manager: page, bank }, info) => {
  const expected = await sandboxIds(bank, { statuses: ['live'] });
  await expect.poll(() => shownIds(page)).toEqual(expected);
  await snap(page, info, '63-cards-live-first');
});

test('each filter alone matches the sandbox answer', async ({ manager: page, bank }) => {
  await page.getByLabel('Sort by').selectOption('nickname:asc');

  await pickCardFilter(page, 'Status', ['Locked', 'Reported lost']);
  await expectSame(page, bank, { statuses: ['paused', 'lost'] });
  await page.getByRole('button', { name: 'Clear filters' }).click();

  await pickCardFilter(page, 'Level', ['Virtual', 'Metal']);
  await expectSame(page, bank, { card_levels: ['virtual', 'metal'] });
  await page.getByRole('button', { name: 'Clear filters' }).click();

  const holders = [SANDBOX_MEMBERSHIPS.fr.admin, SANDBOX_MEMBERSHIPS.fr.employee];
  const holderNames = await Promise.all(holders.map(async (id) =>
    (await bank.api<{ cards: Card[] }>(`/v2/cards?holder_ids[]=${id}&per_page=1`)).cards[0]!.embossed_name));
  await pickCardFilter(page, 'Holder', holderNames);
  await expectSame(page, bank, { holder_ids: holders });
  await page.getByRole('button', { name: 'Clear filters' }).click();

  const org = await bank.api<{ organization: { bank_accounts: { id: string; name: string; is_external_account: boolean }[] } }>('/v2/organization?include_external_accounts=true');
  const savings = org.organization.bank_accounts.find((a) => a.name === 'Réserve')!;
  await pickCardFilter(page, 'Bank account', ['Réserve']);
  await expectSame(page, bank, { bank_account_ids: [savings.id] });
  await page.getByRole('button', { name: 'Clear filters' }).click();

  const two = (await bank.api<{ cards: Card[] }>('/v2/cards?sort_by=created_at:desc&per_page=2')).cards;
  await pickCardFilter(page, 'Cards', two.map((c) => `${c.nickname} •••• ${c.last_digits}`));
  await expectSame(page, bank, { ids: two.map((c) => c.id) });
});

test('filters combined match the sandbox answer', async ({ manager: page, bank }, info) => {
  await page.getByLabel('Sort by').selectOption('nickname:asc');
  await pickCardFilter(page, 'Status', ['Active', 'Locked']);
  await pickCardFilter(page, 'Level', ['Standard', 'Virtual', 'Flash (single use)']);
  const holder = SANDBOX_MEMBERSHIPS.fr.owner;
  const name = (await bank.api<{ cards: Card[] }>(`/v2/cards?holder_ids[]=${holder}&per_page=1`)).cards[0]!.embossed_name;
  await pickCardFilter(page, 'Holder', [name]);
  await expectSame(page, bank, { statuses: ['live', 'paused'], card_levels: ['standard', 'virtual', 'flash'], holder_ids: [holder] });
  await snap(page, info, '64-cards-filters-combined');
});
