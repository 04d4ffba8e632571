/**
 * Who a record names, read one way whatever its age: refunds, settlements and closings wrote a
 * typed name (a string) before staff existed, newer records write a StaffRef, an attempt names its
 * cashier or nobody. Every report that groups or prints by person reads `by` through here, so the
 * change from a typed name to a staff member is one place.
 */
import { STAFF_ID_RE, type StaffRef } from './staff.js';

/** A record's `by` (or an attempt's cashier) as any journal may hold it. */
export type RecordBy = string | StaffRef | null | undefined;

/** The key of "nobody signed in": never a staff id (those start with a letter or digit). */
export const NOBODY_KEY = '-';
/** Typed names are keyed apart from staff ids (an id never holds a colon), so "Marie" typed never merges with a staff member's id. */
const TYPED_PREFIX = 'name:';

/** A key personKey can give: nobody, a staff id, or a typed name on one line (a request's person is checked with this). */
export function isPersonKey(key: string): boolean {
  if (key === NOBODY_KEY || STAFF_ID_RE.test(key)) return true;
  return key.startsWith(TYPED_PREFIX) && key.length > TYPED_PREFIX.length && key.length <= 100 && !/[\r\n]/.test(key);
}

/** The person a record names; a typed name has no id (""); null when nobody. */
export function personOf(by: RecordBy): StaffRef | null {
  if (by === null || by === undefined) return null;
  if (typeof by === 'string') return by.trim() === '' ? null : { id: '', name: by.trim() };
  return by;
}

/** The name people read, or '' when nobody. */
export function nameOf(by: RecordBy): string {
  return personOf(by)?.name ?? '';
}

/** What groups and filters records by person: the staff id, a typed name, or nobody. */
export function personKey(by: RecordBy): string {
  const p = personOf(by);
  if (p === null) return NOBODY_KEY;
  return p.id !== '' ? p.id : `${TYPED_PREFIX}${p.name}`;
}
