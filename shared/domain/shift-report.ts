/**
 * The X report: one person's shift summary (sales, refunds, no answers, abandons, open
 * duplicates), read from the day's journal like the Z report and counted by the same
 * definition. A shift opens at the person's first record of the day and closes when the day
 * closes (or when they sign out for the day, once sign-in journals it); until then it is open.
 */
import type { DayClosing, HistoryView, ReportRow, ReportTotals } from './day-report.js';
import type { Refund } from './refunds.js';
import { computeTotals } from './day-report.js';
import { personKey, type RecordBy } from './record-by.js';
import { ofPerson, peopleOf, type PersonChoice } from './staff-figures.js';

export interface ShiftReport {
  day: string;
  /** Whose shift; person null: the sales made with nobody signed in. */
  who: PersonChoice;
  /** From the first record to the sign-out or the day's closing; to null while the shift is open; null when the person has no record that day. */
  shift: { from: number; to: number | null } | null;
  totals: ReportTotals;
  rows: ReportRow[];
  refunds: Refund[];
  /** The day was closed already (a sale now needs a correction): by whom and when. */
  dayClosed: { by: RecordBy; at: number } | null;
  /** Everyone with a record that day, for choosing another person's report. */
  people: PersonChoice[];
}

/** The person at the counter until sign-in says so: whoever started the register's latest attempt of the day. */
function latestCashier(rows: readonly ReportRow[]): string {
  const latest = rows.reduce<ReportRow | null>((last, r) => (last === null || r.createdAt >= last.createdAt ? r : last), null);
  return personKey(latest?.cashier);
}

/**
 * key: the person (record-by.ts personKey); absent, the person at the counter. signedOutAt: when
 * they signed out for the day, where the journal says so.
 */
export function shiftReport(view: Pick<HistoryView, 'from' | 'rows' | 'refunds' | 'closings'>, key?: string, signedOutAt: number | null = null): ShiftReport {
  const day = view.from;
  const wanted = key ?? latestCashier(view.rows);
  const people = peopleOf(view.rows, view.refunds);
  const who = people.find((p) => p.key === wanted) ?? { key: wanted, person: null };
  const own = ofPerson(wanted, view.rows, view.refunds);
  const closing: DayClosing | undefined = view.closings.find((c) => c.day === day);
  const times = [...own.rows.map((r) => r.createdAt), ...own.refunds.map((r) => r.at)];
  const end = closing?.at ?? signedOutAt;
  return {
    day, who, rows: own.rows, refunds: own.refunds, people,
    // A sale taken after the closing (it needs a correction) is still in the shift: it never ends before its own last record.
    shift: times.length ? { from: Math.min(...times), to: end === null ? null : Math.max(end, ...times) } : null,
    totals: computeTotals(own.rows, undefined, own.refunds),
    dayClosed: closing ? { by: closing.by, at: closing.at } : null,
  };
}
