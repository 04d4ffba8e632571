/**
 * Whose shift summary may be read, decided in main whatever the screen asks: a manager (signed in
 * or whose PIN opened the back office) reads anyone's, any day; a cashier reads only their own
 * shift of today, and so does the person who just signed out for the day until the next sign-in
 * (their X report is shown as they leave). With nobody at the counter and no cashier on the
 * staff list (training, a one-person shop), nothing is asked and anything may be read as before.
 */
import type { StaffRef } from '../../shared/domain/staff.js';
import { CoreError } from './errors.js';

export interface ShiftAsker {
  manager: StaffRef | null;
  signedIn: StaffRef | null;
  /** Who signed out for the day last, while nobody has signed in since. */
  leaving: StaffRef | null;
  /** The counter asks who is selling (an active cashier exists). */
  asksWho: boolean;
}

export interface ShiftAsked {
  day?: string;
  person?: string;
}

/** The report to read (day and person), or a refusal that says why; `today` the register's day. */
export function shiftToRead(who: ShiftAsker, asked: ShiftAsked, today: string): { day: string; person?: string } {
  const day = asked.day ?? today;
  if (who.manager) {
    const person = asked.person ?? who.signedIn?.id;
    return person === undefined ? { day } : { day, person };
  }
  const self = who.signedIn ?? who.leaving;
  if (!self) {
    if (who.asksWho) throw CoreError.of('forbidden', 'shift.not_yours', undefined);
    return { day, ...(asked.person ? { person: asked.person } : {}) };
  }
  if (day !== today || (asked.person !== undefined && asked.person !== self.id)) throw CoreError.of('forbidden', 'shift.not_yours', undefined);
  return { day, person: self.id };
}
