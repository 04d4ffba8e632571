/**
 * A person's sign-ins and sign-outs for the day, read from the journal's sign_in and sign_out
 * records: what opens and closes their shift in the X report (shared/domain/shift-report.ts).
 */
import type { ShiftMarks } from '../../shared/domain/shift-report.js';
import { localDay } from '../payments/journal-files.js';
import { bodyOf, type JournalEntry } from '../payments/journal-records.js';

/** `key` a staff id (sign-ins always name a staff member); `dayOf` the register's day of a time. */
export function shiftMarks(entries: readonly JournalEntry[], key: string, day: string, dayOf: (ms: number) => string = localDay): ShiftMarks {
  const marks: { signIns: number[]; endsOfShift: number[]; person?: ShiftMarks['person'] } = { signIns: [], endsOfShift: [] };
  for (const e of entries) {
    if (dayOf(e.at) !== day) continue;
    const signIn = bodyOf(e, 'sign_in');
    if (signIn?.staff.id === key) {
      marks.signIns.push(e.at);
      marks.person = signIn.staff;
    }
    const signOut = bodyOf(e, 'sign_out');
    if (signOut?.staff.id === key && signOut.reason === 'end_of_shift') marks.endsOfShift.push(e.at);
  }
  return marks;
}
