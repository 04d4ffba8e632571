/**
 * Card rules the back office needs before calling the bank: which actions make
 * sense for a card (docs/bank-api.md, Cards: lock → paused, unlock lifts it, lost is
 * permanent and physical cards only), and the list query from the filter form.
 */
import { CARD_NICKNAME_MAX, PHYSICAL_CARD_LEVELS, type Card, type CardLevel, type CardListRequest, type CardOrder, type CardStatus } from '../../../shared/domain/bank.js';
import type { Words } from '../../../shared/i18n/translate.js';
import { LOCKABLE_STATUSES, LOSABLE_STATUSES, UNLOCKABLE_STATUSES } from '../../../shared/domain/card-transitions.js';

export type CardAction = 'rename' | 'restrictions' | 'lock' | 'unlock' | 'reportLost';

/** Statuses after which a card can never be used again; only renaming still makes sense. */
const PERMANENT: readonly CardStatus[] = ['stolen', 'lost', 'discarded', 'expired', 'shipped_lost', 'order_canceled', 'pre_expired', 'abusive'];

export function cardActions(card: Pick<Card, 'status' | 'card_level'>): CardAction[] {
  const actions: CardAction[] = ['rename'];
  if (PERMANENT.includes(card.status)) return actions;
  actions.push('restrictions');
  // The same table the training bank enforces, so an offered action is never refused for the card's status.
  if (LOCKABLE_STATUSES.includes(card.status)) actions.push('lock');
  if (UNLOCKABLE_STATUSES.includes(card.status)) actions.push('unlock');
  if (PHYSICAL_CARD_LEVELS.includes(card.card_level) && LOSABLE_STATUSES.includes(card.status)) actions.push('reportLost');
  return actions;
}

/** ISO weekdays, 1 = Monday. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** A weekday's name in the screen's language: 2024-01-01 was a Monday. */
export function weekdayName(day: number, locale: string, width: 'short' | 'long' = 'short'): string {
  return new Intl.DateTimeFormat(locale, { weekday: width, timeZone: 'UTC' }).format(Date.UTC(2024, 0, day));
}

/** Weekday numbers as words. What an empty list means to the bank is not documented. */
export function activeDaysWords(days: readonly number[], locale: string): Words {
  if (days.length === 0) return { id: 'office.card.daysNotSet' };
  if (days.length === 7) return { id: 'office.card.everyDay' };
  const list = new Intl.ListFormat(locale, { style: 'short', type: 'unit' }).format(WEEKDAYS.filter((d) => days.includes(d)).map((d) => weekdayName(d, locale)));
  return { id: 'office.card.days', values: { days: list } };
}

export function toggle<T>(list: readonly T[], item: T): T[] {
  return list.includes(item) ? list.filter((x) => x !== item) : [...list, item];
}

export interface CardFilters {
  text: string;
  statuses: CardStatus[];
  levels: CardLevel[];
  holderIds: string[];
  accountIds: string[];
  cardIds: string[];
  order: CardOrder;
  page: number;
}

export const CARD_PAGE_SIZE = 20;

/** Live cards first: the ones a manager is looking for, above the ended ones. */
export const defaultCardFilters = (): CardFilters => ({
  text: '', statuses: [], levels: [], holderIds: [], accountIds: [], cardIds: [], order: 'live_first', page: 1,
});

export function cardQuery(f: CardFilters): CardListRequest {
  const q: CardListRequest = { sort_by: f.order, page: f.page, per_page: CARD_PAGE_SIZE };
  const text = f.text.trim();
  if (text) q.query = text;
  if (f.statuses.length) q.statuses = [...f.statuses];
  if (f.levels.length) q.card_levels = [...f.levels];
  if (f.holderIds.length) q.holder_ids = [...f.holderIds];
  if (f.accountIds.length) q.bank_account_ids = [...f.accountIds];
  if (f.cardIds.length) q.ids = [...f.cardIds];
  return q;
}

/** Checked here first, so a too-long name never reaches the bank. */
export const NICKNAME_MAX = CARD_NICKNAME_MAX;

export function nicknameProblem(nickname: string): Words | null {
  const n = nickname.trim();
  if (!n) return { id: 'office.rename.empty' };
  if (n.length > NICKNAME_MAX) return { id: 'office.rename.tooLong', values: { max: NICKNAME_MAX, count: n.length } };
  return null;
}

/**
 * An empty active_days list is not documented (it may mean "never"), so the
 * form asks for at least one day rather than send something ambiguous.
 */
export function restrictionsProblem(days: readonly number[]): Words | null {
  return days.length === 0 ? { id: 'office.restrictions.noDay' } : null;
}
