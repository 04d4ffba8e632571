/**
 * One local day at a register, computed the same way in the main process (what it
 * pushes) and in the renderer (what it shows): the day's attempts plus anything still
 * open from earlier days, authorized money with its tip part, and the possible
 * duplicates no manager has resolved yet, kept apart from the takings.
 */
import { isFinal, isOpenDuplicate, paidMinor, type Attempt } from './attempt.js';

export interface DayTotals {
  /** Local day "YYYY-MM-DD" these totals are for. */
  day: string;
  /** Money authorized today, tips included. */
  authorizedMinor: number;
  /** The tip part of authorizedMinor. */
  tipsMinor: number;
  /** Open possible duplicates (any day): count and the money they hold. */
  openDuplicates: number;
  openDuplicatesMinor: number;
  currency: 'EUR';
}

export interface DayView {
  attempts: Attempt[];
  totals: DayTotals;
  /** Sequence number of the last journal record this view includes. */
  seq: number;
}

/** Shown in a day's list: created that day, or still unfinished, or an open duplicate (those show their own date). */
export function belongsToDay(a: Attempt, day: string, dayOf: (ms: number) => string): boolean {
  return dayOf(a.createdAt) === day || !isFinal(a.state) || isOpenDuplicate(a);
}

export function dayTotals(attempts: readonly Attempt[], day: string, dayOf: (ms: number) => string): DayTotals {
  let authorizedMinor = 0;
  let tipsMinor = 0;
  let openDuplicates = 0;
  let openDuplicatesMinor = 0;
  for (const a of attempts) {
    if (isOpenDuplicate(a)) {
      openDuplicates += 1;
      openDuplicatesMinor += paidMinor(a);
    }
    if (a.state !== 'authorized' || dayOf(a.createdAt) !== day) continue;
    authorizedMinor += paidMinor(a);
    tipsMinor += a.tipMinor ?? 0;
  }
  return { day, authorizedMinor, tipsMinor, openDuplicates, openDuplicatesMinor, currency: 'EUR' };
}

export function dayView(all: readonly Attempt[], day: string, dayOf: (ms: number) => string, seq: number): DayView {
  const attempts = all.filter((a) => belongsToDay(a, day, dayOf)).sort((x, y) => y.createdAt - x.createdAt);
  return { attempts, totals: dayTotals(attempts, day, dayOf), seq };
}
