/**
 * What the card filters can offer. The API lists no card holders and no
 * account names for a card, so both are read from what the membership can
 * see: the holders' names as embossed on their cards, the accounts' names
 * from the organization (or their ids when it may not be read).
 */
import type { Card, CardFilterChoices } from '../../shared/domain/bank.js';
import type { BankApi } from '../api/types.js';

/** Enough for most shops (500 cards); past it the lists say they are cut short and point to the search box. */
export const CHOICE_PAGES = 5;

export function choicesFromCards(cards: readonly Card[], accountNames: ReadonlyMap<string, string>, truncated: boolean): CardFilterChoices {
  const holders = new Map<string, string>();
  const accounts = new Map<string, string>();
  for (const c of cards) {
    if (!holders.has(c.holder_id) || !holders.get(c.holder_id)) holders.set(c.holder_id, c.embossed_name?.trim() ?? '');
    accounts.set(c.bank_account_id, accountNames.get(c.bank_account_id) ?? '');
  }
  const byName = <T extends { id: string }>(key: (x: T) => string) => (a: T, b: T) => key(a).localeCompare(key(b)) || a.id.localeCompare(b.id);
  return {
    holders: [...holders].map(([id, name]) => ({ id, name })).sort(byName((h) => h.name)),
    bankAccounts: [...accounts].map(([id, name]) => ({ id, name })).sort(byName((a) => a.name)),
    cards: cards.map((c) => ({ id: c.id, name: (c.nickname || c.embossed_name || '').trim(), lastDigits: c.last_digits }))
      .sort(byName((c) => `${c.name} ${c.lastDigits}`)),
    truncated,
    cardsRead: cards.length,
  };
}

export async function cardFilterChoices(api: BankApi, canReadOrganization: boolean): Promise<CardFilterChoices> {
  const cards: Card[] = [];
  let page: number | null = 1;
  let read = 0;
  while (page !== null && read < CHOICE_PAGES) {
    const res = await api.cards.list({ page, per_page: 100, sort_by: 'nickname:asc' });
    cards.push(...res.items);
    read += 1;
    page = res.meta.next_page || null;
  }
  const names = new Map<string, string>();
  if (canReadOrganization) {
    const org = await api.organization.get({ includeExternalAccounts: true });
    for (const a of org.bank_accounts) names.set(a.id, a.name);
  }
  return choicesFromCards(cards, names, page !== null);
}
