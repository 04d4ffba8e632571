/** The 120 s deadline as the cashier sees it: whole seconds left and the share of the bar. */
import { ATTEMPT_DEADLINE_MS } from '../../../shared/domain/attempt.js';

/** Never more than the full deadline, whatever the clocks say. */
export function secondsLeft(deadlineAt: number, now: number, totalMs = ATTEMPT_DEADLINE_MS): number {
  return Math.max(0, Math.ceil(Math.min(deadlineAt - now, totalMs) / 1000));
}

/**
 * How far the main process's clock runs ahead of ours. deadlineAt is in its
 * time; in Electron both read the same system clock (skew 0), but the browser
 * harness runs the core on a clock tests move forward. An attempt that was just
 * updated carries the core's "now" in updatedAt, so the largest gap seen is a
 * safe estimate (it can only err towards showing less time, never more).
 */
export function updateSkew(previousMs: number, coreNow: number, localNow: number): number {
  return Math.max(previousMs, coreNow - localNow);
}

/** 1 when just sent, 0 at the deadline; clamped so a skewed clock never draws outside the bar. */
export function fractionLeft(deadlineAt: number, now: number, totalMs = ATTEMPT_DEADLINE_MS): number {
  return Math.min(1, Math.max(0, (deadlineAt - now) / totalMs));
}
