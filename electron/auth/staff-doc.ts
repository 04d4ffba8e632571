/**
 * The staff document as `staff.json` and the store keep it, and its check: whatever comes from
 * disk or the store is read as untrusted input and refused whole if any person in it is not
 * what Counterpay writes.
 */
import { isPlainObject } from '../../shared/json.js';
import { STAFF_ID_RE, STAFF_NAME_MAX, STAFF_ROLES, type StaffMember, type StaffRef } from '../../shared/domain/staff.js';
import { parseBoundedJson } from '../../shared/validation/bounded-json.js';
import { MAX_SETTINGS_BYTES } from '../fs/read-text.js';
import { isPinHash, type PinHash } from './pin-hash.js';
import { isLockoutState, type LockoutState } from './pin-lockout.js';
import { IDLE_MINUTES_DEFAULT, IDLE_MINUTES_MAX, IDLE_MINUTES_MIN, nameKey } from './staff-rules.js';

export interface StoredPerson extends StaffMember { pin: PinHash; lockout: LockoutState }
export interface StaffDoc { version: 1; idleMinutes: number; people: StoredPerson[] }

export const emptyDoc = (): StaffDoc => ({ version: 1, idleMinutes: IDLE_MINUTES_DEFAULT, people: [] });
export const member = (p: StoredPerson): StaffMember => ({ id: p.id, name: p.name, role: p.role, active: p.active });
export const refOf = (m: StaffMember): StaffRef => ({ id: m.id, name: m.name });

function isStoredPerson(v: unknown): v is StoredPerson {
  return isPlainObject(v) && typeof v.id === 'string' && STAFF_ID_RE.test(v.id) && typeof v.name === 'string'
    && (STAFF_ROLES as readonly unknown[]).includes(v.role) && typeof v.active === 'boolean' && isPinHash(v.pin) && isLockoutState(v.lockout);
}

/** Null when the text is a staff document this code can use; otherwise what is wrong. */
export function staffDocProblem(text: string): string | null {
  const parsed = parseBoundedJson(text, MAX_SETTINGS_BYTES);
  if (!parsed.ok) return 'the file is not JSON';
  const d = parsed.value;
  if (!isPlainObject(d) || d.version !== 1 || !Number.isInteger(d.idleMinutes) || !Array.isArray(d.people) || !d.people.every(isStoredPerson)) {
    return 'the file has unexpected content';
  }
  const people = d.people as StoredPerson[];
  if (new Set(people.map((p) => p.id)).size !== people.length) return 'two people share one id';
  if (new Set(people.map((p) => nameKey(p.name))).size !== people.length) return 'two people share one name';
  if (people.some((p) => p.name.length === 0 || p.name.length > STAFF_NAME_MAX)) return 'a name is empty or too long';
  const idle = d.idleMinutes as number;
  return idle >= IDLE_MINUTES_MIN && idle <= IDLE_MINUTES_MAX ? null : 'the idle minutes are out of range';
}

