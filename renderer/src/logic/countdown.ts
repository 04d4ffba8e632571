/** The 120 s deadline as the cashier sees it: whole seconds left and the share of the bar. */
import { ATTEMPT_DEADLINE_MS } from '../../../shared/domain/attempt.js';

export function secondsLeft(deadlineAt: number, now: number): number {
  return Math.max(0, Math.ceil((deadlineAt - now) / 1000));
}

/** 1 when just sent, 0 at the deadline; clamped so a skewed clock never draws outside the bar. */
export function fractionLeft(deadlineAt: number, now: number, totalMs = ATTEMPT_DEADLINE_MS): number {
  return Math.min(1, Math.max(0, (deadlineAt - now) / totalMs));
}
