/**
 * One local day at a register, computed the same way in the main process (what it
 * pushes) and in the renderer (what it shows): the day's attempts plus anything still
 * open from earlier days, and the day's money figures as money-figures.ts defines them
 * (open possible duplicates of the day are inside the authorized total; earlier days'
 * are listed with their date and alerted on the counter, not added to today's money).
 */
import { isFinal, isOpenDuplicate, type Attempt } from './attempt.js';
import { countableOf, moneyFigures, type MoneyFigures } from './money-figures.js';

export interface DayTotals extends MoneyFigures {
  /** Local day "YYYY-MM-DD" these totals are for. */
  day: string;
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

/** The figures of the attempts created on `day`. */
export function dayTotals(attempts: readonly Attempt[], day: string, dayOf: (ms: number) => string): DayTotals {
  return { day, currency: 'EUR', ...moneyFigures(attempts.filter((a) => dayOf(a.createdAt) === day).map(countableOf)) };
}

export function dayView(all: readonly Attempt[], day: string, dayOf: (ms: number) => string, seq: number): DayView {
  const attempts = all.filter((a) => belongsToDay(a, day, dayOf)).sort((x, y) => y.createdAt - x.createdAt);
  return { attempts, totals: dayTotals(attempts, day, dayOf), seq };
}
