/**
 * Month and year closings for one register's journal: offered once the period is over and every
 * day (month) or month (year) of it that had payments is closed, each with the next number of its
 * own series, the sum of the closings it covers as they printed, and the grand total. Written
 * through the day service's turn, so two closings never take the same number.
 */
import {
  pendingPeriods, periodKey, type ClosingsView, type PeriodClosing, type PeriodKind,
} from '../../shared/domain/closings.js';
import { sumFigures } from '../../shared/domain/money-figures.js';
import { localDay } from '../payments/journal-files.js';
import { PERIOD_RECORD_KINDS, type PeriodClosingBody } from '../payments/closing-bodies.js';
import { closedPeriodKeys, grandTotalOf, nextDayNumber, nextPeriodNumber, readClosingBook, type ClosingBook } from './closing-book.js';
import type { DayService } from './day-service.js';
import type { RecordBy } from '../payments/journal-envelope.js';

export type PeriodRefusalWhy = 'period_not_over' | 'period_open_inside' | 'period_already_closed' | 'period_empty';

export class PeriodClosingRefused extends Error {
  constructor(message: string, readonly why: PeriodRefusalWhy, readonly open: string[] = []) {
    super(message);
    this.name = 'PeriodClosingRefused';
  }
}

function viewOf(book: ClosingBook, today: string): ClosingsView {
  const pending = pendingPeriods({
    today, activeDays: book.activeDays, closedDays: new Set(book.days.map((d) => d.day)), closedPeriods: closedPeriodKeys(book),
  });
  return { periods: [...book.periods].reverse(), pending, grandTotal: grandTotalOf(book), lastDayNumber: nextDayNumber(book) - 1 };
}

/** What a month or year closing sums: the day closings of the month, or the month closings of the year. */
function coveredBy(book: ClosingBook, kind: PeriodKind, period: string): Pick<PeriodClosingBody, 'figures' | 'sales' | 'covers'> {
  if (kind === 'month') {
    const days = book.days.filter((d) => d.day.startsWith(`${period}-`));
    return { figures: sumFigures(days.map((d) => d.totals)), sales: days.reduce((n, d) => n + d.totals.sales, 0), covers: days.map((d) => d.number ?? book.days.indexOf(d) + 1) };
  }
  const months = book.periods.filter((p) => p.kind === 'month' && p.period.startsWith(`${period}-`));
  return { figures: sumFigures(months.map((m) => m.figures)), sales: months.reduce((n, m) => n + m.sales, 0), covers: months.map((m) => m.number) };
}

export class PeriodClosings {
  constructor(private readonly days: DayService) {}

  async view(): Promise<ClosingsView> {
    const { journalDir, now } = this.days.options;
    return viewOf(await readClosingBook(journalDir), localDay(now()));
  }

  close(kind: PeriodKind, period: string, by: RecordBy): Promise<PeriodClosing> {
    return this.days.closingTurn(async () => {
      const { journalDir, now, records, registerId } = this.days.options;
      const book = await readClosingBook(journalDir);
      const words = `the ${kind} ${period}`;
      if (closedPeriodKeys(book).has(periodKey(kind, period))) throw new PeriodClosingRefused(`${words} is already closed.`, 'period_already_closed');
      const status = viewOf(book, localDay(now())).pending.find((p) => p.kind === kind && p.period === period);
      if (!status) throw new PeriodClosingRefused(`${words} had no payments: there is nothing to close.`, 'period_empty');
      if (status.state === 'not_over') throw new PeriodClosingRefused(`${words} is not over yet.`, 'period_not_over');
      if (status.state === 'open_inside') throw new PeriodClosingRefused(`${words} still has ${status.open.join(', ')} to close first.`, 'period_open_inside', status.open);
      const body: PeriodClosingBody = { period, registerId, number: nextPeriodNumber(book, kind), ...coveredBy(book, kind, period), grandTotal: grandTotalOf(book) };
      const entry = await records.appendRecord(PERIOD_RECORD_KINDS[kind], body, by);
      // In store mode the store keeps month and year closings in its copy of the chain: shipped now, not at the next sale.
      this.days.options.store?.days.closingsChanged();
      const after = await readClosingBook(journalDir);
      const written = after.periods.find((p) => p.seq === entry.seq);
      if (!written) throw new Error(`the journal did not read the ${kind} closing back`);
      return written;
    });
  }
}
