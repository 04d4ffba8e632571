/**
 * One local day at a register, computed the same way in the main process (what it
 * pushes) and in the renderer (what it shows): the day's attempts plus anything still
 * open from earlier days, and the day's money figures as money-figures.ts defines them
 * (open possible duplicates of the day are inside the authorized total; earlier days'
 * are listed with their date and alerted on the counter, not added to today's money).
 */
import { isFinal, isOpenDuplicate, type Attempt } from './attempt.js';
import { countableOf, moneyFigures, type Countable, type MoneyFigures } from './money-figures.js';
import { settledCountable, type Refund, type Settlement } from './refunds.js';
import type { RecordBy } from './record-by.js';

/** The manager's money records the register knows of (its newest journal file and what it wrote since). */
export interface DayMoney {
  refunds: readonly Refund[];
  settlements: ReadonlyMap<string, Settlement>;
  /** The days closed, by day: who closed each and when (absent: none known). */
  closedDays?: ReadonlyMap<string, DayClosedMark>;
}
export const NO_MONEY_RECORDS: DayMoney = { refunds: [], settlements: new Map() };

export interface DayTotals extends MoneyFigures {
  /** Local day "YYYY-MM-DD" these totals are for. */
  day: string;
  currency: 'EUR';
}

/** What a manager recorded about a listed payment: refunded so far, settled by hand (absent: nothing). */
export interface PaymentMark {
  refundedMinor: number;
  /** Its refunds, oldest first, each with its own receipt; absent when none. */
  refundIds?: string[];
  settled: 'paid' | 'not_paid' | null;
}

/** The day was closed: a sale taken now lands in a closed day and will need a correction. */
export interface DayClosedMark {
  by: RecordBy;
  at: number;
}

export interface DayView {
  attempts: Attempt[];
  totals: DayTotals;
  /** By attempt id, for the listed payments a manager refunded or settled by hand. */
  marks?: Record<string, PaymentMark>;
  /** Sequence number of the last journal record this view includes. */
  seq: number;
  /** Present when the day was closed already: the counter says so before the next sale. */
  closed?: DayClosedMark;
}

/** Shown in a day's list: created that day, or still unfinished, or an open duplicate (those show their own date). */
export function belongsToDay(a: Attempt, day: string, dayOf: (ms: number) => string): boolean {
  return dayOf(a.createdAt) === day || !isFinal(a.state) || isOpenDuplicate(a);
}

/** What one attempt adds to `day`'s figures: its countable form when it was created that day, else nothing. */
export function countedOnDay(a: Attempt, day: string, dayOf: (ms: number) => string, settled?: Settlement): Countable | null {
  if (dayOf(a.createdAt) !== day) return null;
  return settled ? settledCountable(a, settled) : countableOf(a);
}

/** The figures of the attempts created on `day`. */
/** The figures of the attempts created on `day`, their hand settlements applied, less the refunds recorded that day. */
export function dayTotals(attempts: readonly Attempt[], day: string, dayOf: (ms: number) => string, money: DayMoney = NO_MONEY_RECORDS): DayTotals {
  const rows: Countable[] = [];
  for (const a of attempts) {
    const row = countedOnDay(a, day, dayOf, money.settlements.get(a.id));
    if (row) rows.push(row);
  }
  return { day, currency: 'EUR', ...moneyFigures(rows, money.refunds.filter((r) => dayOf(r.at) === day)) };
}

export function dayView(all: readonly Attempt[], day: string, dayOf: (ms: number) => string, seq: number, money: DayMoney = NO_MONEY_RECORDS): DayView {
  const attempts = all.filter((a) => belongsToDay(a, day, dayOf)).sort((x, y) => y.createdAt - x.createdAt);
  const marks: Record<string, PaymentMark> = {};
  const mark = (id: string) => (marks[id] ??= { refundedMinor: 0, settled: null });
  const listed = new Set(attempts.map((a) => a.id));
  for (const r of money.refunds) {
    if (!listed.has(r.attemptId)) continue;
    const m = mark(r.attemptId);
    m.refundedMinor += r.amountMinor;
    m.refundIds = [...(m.refundIds ?? []), r.refundId];
  }
  for (const [id, s] of money.settlements) if (listed.has(id)) mark(id).settled = s.outcome;
  const closed = money.closedDays?.get(day);
  return { attempts, totals: dayTotals(attempts, day, dayOf, money), seq, ...(Object.keys(marks).length ? { marks } : {}), ...(closed ? { closed } : {}) };
}
