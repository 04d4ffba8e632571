/**
 * The staff list's IPC requests and the view the renderer gets of it: names, roles and who is
 * signed in, never a PIN or its hash. The name's own rules (trimmed, bounded, told apart from
 * the others) are checked again in main, where the other names are known.
 */
import * as v from 'valibot';
import { STAFF_ID_RE, STAFF_NAME_MAX, STAFF_ROLES, type StaffMember, type StaffRef, type StaffRole } from '../domain/staff.js';
import { flag, oneOf, request, text, wholeNumber } from './schema-kit.js';

const staffId = text('staffId', 40, { min: 1, ok: (s) => STAFF_ID_RE.test(s), says: 'staffId is not a staff member\'s id' });
const pin = text('pin', 8, { ok: (s) => /^[0-9]{4,8}$/.test(s), says: 'A PIN is 4 to 8 digits.' });
/** Trimmed in main; a few characters of room for the spaces trimming removes. */
const name = text('name', STAFF_NAME_MAX + 20, { min: 1 });

export const staffAdd = request({ name, role: oneOf('role', STAFF_ROLES), pin });
export const staffEdit = request({ staffId, name: v.optional(name), role: v.optional(oneOf('role', STAFF_ROLES)), pin: v.optional(pin) });
export const staffActive = request({ staffId, active: flag('active') });
export const staffSignIn = request({ staffId, pin });
/** `switch`: the next person takes the till now; `end_of_shift`: signed out for the day. */
export const staffSignOut = request({ reason: oneOf('reason', ['switch', 'end_of_shift'] as const) });
export const idleMinutes = request({ minutes: wholeNumber('minutes', 1, 240) });
export const firstManagerName = request({ name });
/** Unlocking manager actions: with a staff list, whose PIN it is (`staffId`); without one, the register's manager PIN. */
export const unlockRequest = request({ pin, staffId: v.optional(staffId) });

/** Who is at the counter, as the renderer shows them. */
export interface SignedIn extends StaffRef { role: StaffRole }

export interface StaffView {
  people: StaffMember[];
  /** The counter asks "who is selling?": at least one active cashier exists. */
  asksWho: boolean;
  signedIn: SignedIn | null;
  idleMinutes: number;
  /** The staff list could not be read and was set aside: nobody signs in until it is restored. */
  damaged: boolean;
  /** Store mode with the store down: the list is this register's last copy. */
  lastCopy: boolean;
}
