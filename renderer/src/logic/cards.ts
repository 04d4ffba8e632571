/**
 * Card rules the back office needs before calling the bank: which actions make
 * sense for a card (provider facts §5.2: lock → paused, unlock lifts it, lost is
 * permanent and physical cards only), and the list query from the filter form.
 */
import { PHYSICAL_CARD_LEVELS, type Card, type CardLevel, type CardListQuery, type CardSortField, type CardStatus } from '../../../shared/domain/bank.js';
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

export const WEEKDAYS = [
  { day: 1, label: 'Mon' }, { day: 2, label: 'Tue' }, { day: 3, label: 'Wed' }, { day: 4, label: 'Thu' },
  { day: 5, label: 'Fri' }, { day: 6, label: 'Sat' }, { day: 7, label: 'Sun' },
] as const;

/** Weekday numbers (ISO, 1 = Monday) as words. What an empty list means to the bank is not documented. */
export function activeDaysWords(days: readonly number[]): string {
  if (days.length === 0) return 'Not set';
  if (days.length === 7) return 'Every day';
  return WEEKDAYS.filter((w) => days.includes(w.day)).map((w) => w.label).join(', ');
}

export function toggle<T>(list: readonly T[], item: T): T[] {
  return list.includes(item) ? list.filter((x) => x !== item) : [...list, item];
}

export interface CardFilters {
  text: string;
  status: CardStatus | '';
  level: CardLevel | '';
  sortField: CardSortField;
  sortOrder: 'asc' | 'desc';
  page: number;
}

export const CARD_PAGE_SIZE = 20;

export const defaultCardFilters = (): CardFilters => ({ text: '', status: '', level: '', sortField: 'status', sortOrder: 'asc', page: 1 });

export function cardQuery(f: CardFilters): CardListQuery {
  const q: CardListQuery = { sort_by: `${f.sortField}:${f.sortOrder}`, page: f.page, per_page: CARD_PAGE_SIZE };
  const text = f.text.trim();
  if (text) q.query = text;
  if (f.status) q.statuses = [f.status];
  if (f.level) q.card_levels = [f.level];
  return q;
}

/** The bank accepts 1 to 40 characters (provider facts §5.3); checked here first. */
export const NICKNAME_MAX = 40;

export function nicknameProblem(nickname: string): string | null {
  const n = nickname.trim();
  if (!n) return 'Type a name for the card.';
  if (n.length > NICKNAME_MAX) return `A card name is at most ${NICKNAME_MAX} characters (now ${n.length}).`;
  return null;
}

/**
 * An empty active_days list is not documented (it may mean "never"), so the
 * form asks for at least one day rather than send something ambiguous.
 */
export function restrictionsProblem(days: readonly number[]): string | null {
  return days.length === 0 ? 'Tick at least one day.' : null;
}
