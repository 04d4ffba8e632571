/**
 * Numbered closings: each day closing (Z no. 1, 2, …), month closing and year closing of a
 * register gets its own number in its own series, carries the register's cumulative grand total
 * and is signed. Pure: what a period needs before it can be closed, decided here so the back
 * office and the core agree. The money in a closing is money-figures.ts's, never recounted here.
 */
import type { GrandTotal, MoneyFigures } from './money-figures.js';
import type { ReportTotals } from './day-report.js';
import type { StaffRef } from './staff.js';

/** The signature made at a closing: the chain head it signs (the closing record, or one just after it) and the register key's signature. */
export interface SignedHead {
  seq: number;
  hash: string;
  keyId: string;
  signature: string;
}

export type PeriodKind = 'month' | 'year';
export const PERIOD_KINDS = ['month', 'year'] as const satisfies readonly PeriodKind[];

/** A month ("YYYY-MM") or year ("YYYY") as the journal writes it. */
export const isPeriod = (kind: PeriodKind, period: string): boolean =>
  kind === 'month' ? /^\d{4}-(0[1-9]|1[0-2])$/.test(period) : /^\d{4}$/.test(period);

/** The month or year a day ("YYYY-MM-DD") or month belongs to. */
export const periodOf = (kind: PeriodKind, day: string): string => (kind === 'month' ? day.slice(0, 7) : day.slice(0, 4));

/** A month or year closing as the journal holds it (the envelope's time, name and place in the chain included). */
export interface PeriodClosing {
  kind: PeriodKind;
  period: string;
  /** Its own series: month closings count 1, 2, … and year closings 1, 2, … apart. */
  number: number;
  at: number;
  /** The manager's name as written; byStaff: the staff member, absent on closings by a typed name. */
  by: string;
  byStaff?: StaffRef;
  registerId: string;
  /** The sum of the closings it covers, as they were printed. */
  figures: MoneyFigures;
  sales: number;
  /** The numbers of the closings it sums: the month's Z numbers, or the year's month closing numbers. */
  covers: number[];
  /** The register's grand total when it was closed. */
  grandTotal: GrandTotal;
  seq: number | null;
  hash: string;
  signature: SignedHead | null;
}

/** A month or year with payments that has no closing yet, and what it waits for. */
export interface PeriodPending {
  kind: PeriodKind;
  period: string;
  /** closable: every day (month) or month (year) with payments is closed and the period is over. */
  state: 'closable' | 'not_over' | 'open_inside';
  /** The days (of a month) or months (of a year) with payments still to close. */
  open: string[];
}

export interface ClosingsView {
  /** Done, newest first. */
  periods: PeriodClosing[];
  /** Not done yet, oldest first. */
  pending: PeriodPending[];
  /** The grand total as the last day closing left it. */
  grandTotal: GrandTotal;
  /** The last Z number given (0: none yet). */
  lastDayNumber: number;
}

export interface PeriodFacts {
  /** The register's local day now. */
  today: string;
  /** Days with a payment attempt or a refund recorded. */
  activeDays: ReadonlySet<string>;
  /** Days closed. */
  closedDays: ReadonlySet<string>;
  /** Periods closed already, "month:YYYY-MM" / "year:YYYY". */
  closedPeriods: ReadonlySet<string>;
}

export const periodKey = (kind: PeriodKind, period: string): string => `${kind}:${period}`;

/** Every month and year with payments or closings that is not closed yet, oldest first, with what it waits for. */
export function pendingPeriods(f: PeriodFacts): PeriodPending[] {
  const days = [...new Set([...f.activeDays, ...f.closedDays])].sort();
  const months = [...new Set(days.map((d) => periodOf('month', d)))];
  const years = [...new Set(months.map((m) => m.slice(0, 4)))];
  const pending: PeriodPending[] = [];
  const status = (kind: PeriodKind, period: string, open: string[]): void => {
    if (f.closedPeriods.has(periodKey(kind, period))) return;
    const over = periodOf(kind, f.today) > period;
    pending.push({ kind, period, open, state: !over ? 'not_over' : open.length ? 'open_inside' : 'closable' });
  };
  for (const m of months) status('month', m, days.filter((d) => d.startsWith(`${m}-`) && f.activeDays.has(d) && !f.closedDays.has(d)));
  for (const y of years) status('year', y, months.filter((m) => m.startsWith(`${y}-`) && !f.closedPeriods.has(periodKey('month', m))));
  return pending;
}

/**
 * A day closing's totals as its Z report prints them: exactly as journaled, a figure that did not
 * exist yet when it was written (refunds, net takings, hand settlements) read as none.
 */
export function printedTotals(t: ReportTotals): ReportTotals {
  const refundedMinor = (t.refundedMinor as number | undefined) ?? 0;
  return {
    ...t, refundedMinor, netMinor: (t.netMinor as number | undefined) ?? t.authorized.authorizedMinor - refundedMinor,
    settledByHand: (t.settledByHand as number | undefined) ?? 0,
  };
}
