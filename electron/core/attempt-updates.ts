/**
 * One ordered view for the windows: each committed record reaches every window
 * with its sequence number and the day's totals, tallied as records come
 * (day-tally.ts), so the whole day is counted again only when the local day
 * changes, or when money moves without an attempt record (recount).
 */
import type { Clock } from '../../shared/clock.js';
import type { PaymentEngine } from '../payments/index.js';
import { localDay } from '../payments/journal-files.js';
import { DayTally } from './day-tally.js';
import type { CoreEvents } from './events.js';

export interface AttemptUpdates {
  /** Counts the whole day again (a refund or hand settlement changed its money). */
  recount(): void;
  stop(): void;
}

/** Subscribes to the engine's commits now: whoever subscribes later hears each record after the windows. */
export function publishAttemptUpdates(engine: PaymentEngine, clock: Clock, events: CoreEvents): AttemptUpdates {
  const tally = new DayTally(localDay);
  const recount = () => {
    const view = engine.today();
    tally.reset(view.totals.day, view.attempts, engine.moneyRecords());
  };
  recount();
  const stop = engine.onCommitted((record) => {
    if (record.kind === 'carry') return;
    if (localDay(clock.now()) !== tally.currentDay) recount();
    else for (const attempt of record.attempts) tally.update(attempt);
    const totals = tally.totals();
    for (const attempt of record.attempts) events.emit('attemptUpdated', { seq: record.seq, attempt, totals });
  });
  return { recount, stop };
}
