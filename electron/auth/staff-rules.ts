/**
 * What the staff list refuses, in one place, before anything is written: the model and the IPC
 * handlers give the same answers. Each refusal has a reason the counter words in the shop's
 * language (catalog keys `staff.refused.*`).
 */
import { STAFF_NAME_MAX, type StaffRole } from '../../shared/domain/staff.js';
import { PIN_SHAPE } from './pin-hash.js';

export const STAFF_REFUSALS = [
  'pin_shape', 'name_empty', 'name_long', 'name_taken', 'last_manager', 'unknown_person', 'inactive', 'not_a_manager', 'list_unreadable', 'manager_first', 'store_down',
  'changed_elsewhere',
] as const;
export type StaffRefusalReason = (typeof STAFF_REFUSALS)[number];

export class StaffRefusal extends Error {
  constructor(readonly why: StaffRefusalReason, message: string, readonly params: Record<string, string | number> = {}) {
    super(message);
    this.name = 'StaffRefusal';
  }
}

/** Idle minutes before the counter asks "who is selling?" again: a manager's setting. */
export const IDLE_MINUTES_DEFAULT = 5;
export const IDLE_MINUTES_MIN = 1;
export const IDLE_MINUTES_MAX = 240;

/** Control characters would print as nothing on a receipt, or break a CSV line. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** The name as kept: trimmed, inner runs of spaces made one, in NFC so "é" typed two ways is one name. */
export function cleanName(name: string): string {
  const clean = name.normalize('NFC').trim().replace(/\s+/g, ' ');
  if (clean === '' || CONTROL.test(clean)) throw new StaffRefusal('name_empty', 'A name is needed (letters, not only spaces).');
  if (clean.length > STAFF_NAME_MAX) throw new StaffRefusal('name_long', `A name can be at most ${STAFF_NAME_MAX} characters.`, { max: STAFF_NAME_MAX });
  return clean;
}

/** How two names are compared: a name differing only in capitals or accents' encoding is the same name to a person. */
export const nameKey = (name: string): string => name.normalize('NFC').toLocaleLowerCase('und');

export function checkPinShape(pin: string): void {
  if (!PIN_SHAPE.test(pin)) throw new StaffRefusal('pin_shape', 'A PIN is 4 to 8 digits.');
}

export interface Person { id: string; name: string; role: StaffRole; active: boolean }

/** Two people with the same name cannot be told apart on the counter or in the journal: the manager changes one first. */
export function checkNameFree(people: readonly Person[], name: string, exceptId: string | null): void {
  const key = nameKey(name);
  const other = people.find((p) => p.id !== exceptId && nameKey(p.name) === key);
  if (other) throw new StaffRefusal('name_taken', `${other.name} is already on the staff list: add something that tells them apart (an initial, a surname).`, { name: other.name });
}

/** The list after a change must keep an active manager, or nobody could manage it again. */
export function checkKeepsManager(after: readonly Person[]): void {
  if (!after.some((p) => p.active && p.role === 'manager')) {
    throw new StaffRefusal('last_manager', 'This is the last active manager: make someone else a manager first.');
  }
}
