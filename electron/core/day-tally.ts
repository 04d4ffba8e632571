/**
 * The day's totals every window receives with each journal record, kept as a running tally:
 * each record changes a few attempts, so the totals move by what those attempts add now
 * minus what they added before, instead of the whole day being gathered, filtered and
 * sorted again while the cashier waits. The tally starts over from the engine's day view
 * when the local day changes. Each attempt's share is counted by shared/domain/money-figures.ts,
 * the same definition the full count (dayTotals) uses.
 */
import type { Attempt } from '../../shared/domain/attempt.js';
import { countedOnDay, NO_MONEY_RECORDS, type DayMoney, type DayTotals } from '../../shared/domain/day-view.js';
import { countInto, emptyFigures, type Countable, type MoneyFigures } from '../../shared/domain/money-figures.js';

type DayOf = (ms: number) => string;

export class DayTally {
  private day = '';
  private readonly shares = new Map<string, Countable>();
  private sum: MoneyFigures = emptyFigures();
  private money: DayMoney = NO_MONEY_RECORDS;

  constructor(private readonly dayOf: DayOf) {}

  /** Starts over for `day` from every attempt that may count in it (the engine's day view). */
  reset(day: string, attempts: Iterable<Attempt>, money: DayMoney = NO_MONEY_RECORDS): void {
    this.day = day;
    this.money = money;
    this.shares.clear();
    this.sum = emptyFigures();
    // A refund or settlement is rare: the caller starts over when one is written, so the refunds are summed here only.
    for (const r of money.refunds) if (this.dayOf(r.at) === day) this.sum.refundedMinor += r.amountMinor;
    this.sum.netMinor = 0 - this.sum.refundedMinor;
    for (const a of attempts) this.update(a);
  }

  /** The day the tally counts: a caller finding another day must reset it first. */
  get currentDay(): string {
    return this.day;
  }

  /** An attempt as it now stands (new or changed). */
  update(a: Attempt): void {
    const before = this.shares.get(a.id);
    const now = countedOnDay(a, this.day, this.dayOf, this.money.settlements.get(a.id));
    if (before) countInto(this.sum, before, -1);
    if (now) {
      countInto(this.sum, now);
      this.shares.set(a.id, now);
    } else if (before) {
      this.shares.delete(a.id);
    }
  }

  totals(): DayTotals {
    const s = this.sum;
    return { day: this.day, currency: 'EUR', ...s, authorized: { ...s.authorized }, openDuplicates: { ...s.openDuplicates } };
  }
}
