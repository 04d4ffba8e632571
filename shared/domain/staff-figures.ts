/**
 * Money figures person by person: what each cashier took (their sales) and what each person gave
 * back (the refunds they recorded), with no answers, abandons and open duplicates. Each person's
 * figures are computeTotals over their own rows and refunds, the day's one definition, so the
 * people of a day always add up to the day (staff-figures.test.ts holds it to that).
 */
import { computeTotals, type DayClosing, type ReportRow, type ReportTotals } from './day-report.js';
import { NOBODY_KEY, personKey, personOf, type RecordBy } from './record-by.js';
import type { StaffRef } from './staff.js';

/** A refund as far as people are concerned: its money and who recorded it. */
export interface PersonRefund {
  amountMinor: number;
  by: RecordBy;
}

/** A person a report can be read for; person null: sales made with nobody signed in. */
export interface PersonChoice {
  key: string;
  person: StaffRef | null;
}

export interface PersonFigures extends PersonChoice {
  totals: ReportTotals;
}

/** Nobody last; people by name, then by key (two people may share a name). */
function byName(a: PersonChoice, b: PersonChoice): number {
  if (a.key === NOBODY_KEY || b.key === NOBODY_KEY) return Number(a.key === NOBODY_KEY) - Number(b.key === NOBODY_KEY);
  return (a.person?.name ?? '').localeCompare(b.person?.name ?? '') || a.key.localeCompare(b.key);
}

/** Every person the rows and refunds name, once each. */
export function peopleOf(rows: readonly Pick<ReportRow, 'cashier'>[], refunds: readonly PersonRefund[] = []): PersonChoice[] {
  const seen = new Map<string, PersonChoice>();
  const add = (by: RecordBy) => {
    const key = personKey(by);
    if (!seen.has(key)) seen.set(key, { key, person: personOf(by) });
  };
  for (const r of rows) add(r.cashier);
  for (const r of refunds) add(r.by);
  return [...seen.values()].sort(byName);
}

/** One person's rows and refunds. */
export function ofPerson<R extends Pick<ReportRow, 'cashier'>, F extends PersonRefund>(key: string, rows: readonly R[], refunds: readonly F[]): { rows: R[]; refunds: F[] } {
  return { rows: rows.filter((r) => personKey(r.cashier) === key), refunds: refunds.filter((r) => personKey(r.by) === key) };
}

/** The figures of each person of a period, in name order ("nobody signed in" last). */
export function figuresByPerson(rows: readonly ReportRow[], refunds: readonly PersonRefund[], hourOf?: (ms: number) => number): PersonFigures[] {
  return peopleOf(rows, refunds).map((p) => {
    const own = ofPerson(p.key, rows, refunds);
    return { ...p, totals: computeTotals(own.rows, hourOf, own.refunds) };
  });
}

/**
 * One person's takings as a Z report prints them and a day closing keeps them (so a reprint
 * reads the closing, never a recount): their sales paid, tips, refunds they recorded and net.
 */
export interface PersonTakings extends PersonChoice {
  count: number;
  authorizedMinor: number;
  tipMinor: number;
  refundedMinor: number;
  netMinor: number;
}

/** Each person's takings of a period, in name order: figuresByPerson's figures, nothing counted apart. */
export function takingsByPerson(rows: readonly ReportRow[], refunds: readonly PersonRefund[]): PersonTakings[] {
  return figuresByPerson(rows, refunds).map(({ key, person, totals }) => ({
    key, person, count: totals.authorized.count, authorizedMinor: totals.authorized.authorizedMinor,
    tipMinor: totals.authorized.tipMinor, refundedMinor: totals.refundedMinor, netMinor: totals.netMinor,
  }));
}

/** What a Z prints by person: a closed day's lines as its closing kept them, never a recount; a day not closed (or closed before closings kept them) counted from its rows. */
export function printedTakings(closing: Pick<DayClosing, 'byPerson'> | null, rows: readonly ReportRow[], refunds: readonly PersonRefund[]): PersonTakings[] {
  return closing?.byPerson ?? takingsByPerson(rows, refunds);
}
