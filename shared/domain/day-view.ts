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

/** The figures of DayTotals, without the day they are for. */
export type DayFigures = Pick<DayTotals, 'authorizedMinor' | 'tipsMinor' | 'openDuplicates' | 'openDuplicatesMinor'>;

export const NO_FIGURES: Readonly<DayFigures> = Object.freeze({ authorizedMinor: 0, tipsMinor: 0, openDuplicates: 0, openDuplicatesMinor: 0 });

/** What one attempt adds to the day's totals: the one definition, so a running tally and a full count agree. */
export function attemptFigures(a: Attempt, day: string, dayOf: (ms: number) => string): DayFigures {
  if (a.state !== 'authorized') return NO_FIGURES;
  const duplicate = isOpenDuplicate(a);
  const today = dayOf(a.createdAt) === day;
  if (!duplicate && !today) return NO_FIGURES;
  const paid = paidMinor(a);
  return {
    authorizedMinor: today ? paid : 0,
    tipsMinor: today ? a.tipMinor ?? 0 : 0,
    openDuplicates: duplicate ? 1 : 0,
    openDuplicatesMinor: duplicate ? paid : 0,
  };
}

export function dayTotals(attempts: readonly Attempt[], day: string, dayOf: (ms: number) => string): DayTotals {
  let authorizedMinor = 0;
  let tipsMinor = 0;
  let openDuplicates = 0;
  let openDuplicatesMinor = 0;
  for (const a of attempts) {
    const f = attemptFigures(a, day, dayOf);
    authorizedMinor += f.authorizedMinor;
    tipsMinor += f.tipsMinor;
    openDuplicates += f.openDuplicates;
    openDuplicatesMinor += f.openDuplicatesMinor;
  }
  return { day, authorizedMinor, tipsMinor, openDuplicates, openDuplicatesMinor, currency: 'EUR' };
}

export function dayView(all: readonly Attempt[], day: string, dayOf: (ms: number) => string, seq: number): DayView {
  const attempts = all.filter((a) => belongsToDay(a, day, dayOf)).sort((x, y) => y.createdAt - x.createdAt);
  return { attempts, totals: dayTotals(attempts, day, dayOf), seq };
}
