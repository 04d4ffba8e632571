/**
 * Today rolls over by itself: at local midnight (checked at least every minute on the
 * injected wall clock, so a clock moved by hand is noticed too) every window gets the
 * new day's whole view. Without it a till left open shows yesterday's total until a reload.
 */
import type { Clock, TimerHandle } from '../../shared/clock.js';
import { localDay } from '../payments/journal-files.js';

const CHECK_EVERY_MS = 60_000;

/** Milliseconds from `now` to the next local midnight. */
export function msToLocalMidnight(now: number): number {
  const d = new Date(now);
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1).getTime() - now;
}

export function watchDay(clock: Clock, onDayChanged: (day: string) => void): () => void {
  let day = localDay(clock.now());
  let timer: TimerHandle | null = null;
  const arm = () => {
    timer = clock.setTimer(Math.min(CHECK_EVERY_MS, msToLocalMidnight(clock.now())), () => {
      const now = localDay(clock.now());
      if (now !== day) {
        day = now;
        onDayChanged(now);
      }
      arm();
    });
  };
  arm();
  return () => timer?.cancel();
}
