/**
 * The day's totals every window receives with each journal record, kept as a running tally:
 * each record changes a few attempts, so the totals move by what those attempts add now
 * minus what they added before, instead of the whole day being gathered, filtered and
 * sorted again while the cashier waits. The tally starts over from the engine's day view
 * when the local day changes. Each attempt's share comes from shared/domain/day-view.ts,
 * the same definition the full count uses.
 */
import type { Attempt } from '../../shared/domain/attempt.js';
import { attemptFigures, NO_FIGURES, type DayFigures, type DayTotals } from '../../shared/domain/day-view.js';

type DayOf = (ms: number) => string;

export class DayTally {
  private day = '';
  private readonly shares = new Map<string, DayFigures>();
  private sum: DayFigures = { ...NO_FIGURES };

  constructor(private readonly dayOf: DayOf) {}

  /** Starts over for `day` from every attempt that may count in it (the engine's day view). */
  reset(day: string, attempts: Iterable<Attempt>): void {
    this.day = day;
    this.shares.clear();
    this.sum = { ...NO_FIGURES };
    for (const a of attempts) this.update(a);
  }

  /** The day the tally counts: a caller finding another day must reset it first. */
  get currentDay(): string {
    return this.day;
  }

  /** An attempt as it now stands (new or changed). */
  update(a: Attempt): void {
    const before = this.shares.get(a.id) ?? NO_FIGURES;
    const now = attemptFigures(a, this.day, this.dayOf);
    if (now === NO_FIGURES) this.shares.delete(a.id);
    else this.shares.set(a.id, now);
    if (before === NO_FIGURES && now === NO_FIGURES) return;
    this.sum = {
      authorizedMinor: this.sum.authorizedMinor - before.authorizedMinor + now.authorizedMinor,
      tipsMinor: this.sum.tipsMinor - before.tipsMinor + now.tipsMinor,
      openDuplicates: this.sum.openDuplicates - before.openDuplicates + now.openDuplicates,
      openDuplicatesMinor: this.sum.openDuplicatesMinor - before.openDuplicatesMinor + now.openDuplicatesMinor,
    };
  }

  totals(): DayTotals {
    return { day: this.day, ...this.sum, currency: 'EUR' };
  }
}
