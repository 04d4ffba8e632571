/**
 * The X report: one person's shift summary (sales, refunds, no answers, abandons, open
 * duplicates), read from the day's journal like the Z report and counted by the same
 * definition. A shift opens at the person's first sign-in or first record of the day and closes
 * when they sign out for the day (a sign-out `end_of_shift` with nothing of theirs after it) or
 * when the day closes; until then it is open.
 */
import type { DayClosing, HistoryView, ReportRow, ReportTotals } from './day-report.js';
import type { Refund } from './refunds.js';
import { computeTotals } from './day-report.js';
import { personKey, type RecordBy } from './record-by.js';
import type { StaffRef } from './staff.js';
import { ofPerson, peopleOf, type PersonChoice } from './staff-figures.js';

export interface ShiftReport {
  day: string;
  /** Whose shift; person null: the sales made with nobody signed in. */
  who: PersonChoice;
  /** From the first sign-in or record to the sign-out for the day or the day's closing; to null while open; null when the person has neither that day. */
  shift: { from: number; to: number | null } | null;
  totals: ReportTotals;
  rows: ReportRow[];
  refunds: Refund[];
  /** The day was closed already (a sale now needs a correction): by whom and when. */
  dayClosed: { by: RecordBy; at: number } | null;
  /** Everyone with a record that day, for choosing another person's report. */
  people: PersonChoice[];
}

/** A person's sign-ins and sign-outs for the day, as the journal holds them (times on the register's clock). */
export interface ShiftMarks {
  signIns: readonly number[];
  /** Sign-outs for the day (reason end_of_shift); a switch or the idle lock leaves the shift open. */
  endsOfShift: readonly number[];
  /** Who signed in, for a person with no record yet that day. */
  person?: StaffRef;
}

export const NO_MARKS: ShiftMarks = { signIns: [], endsOfShift: [] };

/** With nothing to say who is at the counter: whoever started the register's latest attempt of the day. */
function latestCashier(rows: readonly ReportRow[]): string {
  const latest = rows.reduce<ReportRow | null>((last, r) => (last === null || r.createdAt >= last.createdAt ? r : last), null);
  return personKey(latest?.cashier);
}

/**
 * When a shift opened and closed: `worked` the times of the person's records and sign-ins. A
 * sign-out for the day ends it unless the person signed in or recorded something after it (they
 * came back: the shift is open again); else the day's closing ends it, never before the
 * person's own last record (a sale after the closing needs a correction but is still theirs).
 */
export function shiftBounds(worked: readonly number[], endsOfShift: readonly number[], closedAt: number | null): ShiftReport['shift'] {
  if (worked.length === 0) return null;
  const from = Math.min(...worked);
  const last = Math.max(...worked);
  const ended = endsOfShift.filter((t) => t >= last);
  if (ended.length) return { from, to: Math.min(...ended) };
  return { from, to: closedAt === null ? null : Math.max(closedAt, last) };
}

/** key: the person (record-by.ts personKey); absent, whoever made the day's latest sale. marks: that person's sign-ins and sign-outs. */
export function shiftReport(view: Pick<HistoryView, 'from' | 'rows' | 'refunds' | 'closings'>, key?: string, marks: ShiftMarks = NO_MARKS): ShiftReport {
  const day = view.from;
  const wanted = key ?? latestCashier(view.rows);
  const people = peopleOf(view.rows, view.refunds);
  const own = ofPerson(wanted, view.rows, view.refunds);
  const closing: DayClosing | undefined = view.closings.find((c) => c.day === day);
  const worked = [...own.rows.map((r) => r.createdAt), ...own.refunds.map((r) => r.at), ...marks.signIns];
  return {
    day, who: people.find((p) => p.key === wanted) ?? { key: wanted, person: marks.person ?? null }, rows: own.rows, refunds: own.refunds, people,
    shift: shiftBounds(worked, marks.endsOfShift, closing?.at ?? null),
    totals: computeTotals(own.rows, undefined, own.refunds),
    dayClosed: closing ? { by: closing.by, at: closing.at } : null,
  };
}
