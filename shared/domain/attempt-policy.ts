/**
 * Timing rules of the attempt machine. Defaults follow the bank (docs/bank-api.md, Terminal payments; poll 1 s then
 * 2 s, 120 s client deadline, idempotency keys forgotten after 30 min); tests and the
 * harness may shorten them, never the deadline (it is part of Attempt). Every duration
 * here is measured as an attempt's AGE on the monotonic clock, so a wall clock set back
 * or forward neither strands a resend nor stops polling.
 */
import { ATTEMPT_DEADLINE_MS } from './attempt.js';

export interface EnginePolicy {
  /** Delay before each status poll while inside the deadline; the last entry repeats. */
  pollIntervalsMs: number[];
  /** Automatic resends after a transport fault (same key); the last entry repeats until the deadline. Empty: none. */
  resendBackoffMs: number[];
  /** After the deadline a payment with a known id is still checked this long for a late outcome. */
  lateWatchMs: number;
  /** Late-watch cadence: every lateFastEveryMs for the first lateFastPhaseMs, then every lateSlowEveryMs. */
  lateFastPhaseMs: number;
  lateFastEveryMs: number;
  lateSlowEveryMs: number;
  /** The bank forgets an idempotency key after this; a send with an older key could create a second payment. */
  idempotencyKeyTtlMs: number;
}

export const DEFAULT_POLICY: Readonly<EnginePolicy> = Object.freeze({
  pollIntervalsMs: [1000, 1000, 1000, 1000, 1000, 2000],
  resendBackoffMs: [1000, 2000, 4000, 8000],
  lateWatchMs: 30 * 60_000,
  lateFastPhaseMs: 2 * 60_000,
  lateFastEveryMs: 10_000,
  lateSlowEveryMs: 30_000,
  idempotencyKeyTtlMs: 30 * 60_000,
});

export function resolvePolicy(overrides: Partial<EnginePolicy> = {}): EnginePolicy {
  const p: EnginePolicy = { ...DEFAULT_POLICY, ...overrides };
  const positive = (n: number) => Number.isFinite(n) && n > 0;
  if (!p.pollIntervalsMs.length || !p.pollIntervalsMs.every(positive)) throw new RangeError('pollIntervalsMs must list positive delays');
  if (!p.resendBackoffMs.every(positive)) throw new RangeError('resendBackoffMs must list positive delays');
  for (const k of ['lateWatchMs', 'lateFastPhaseMs', 'lateFastEveryMs', 'lateSlowEveryMs', 'idempotencyKeyTtlMs'] as const) {
    if (!positive(p[k])) throw new RangeError(`${k} must be a positive number of milliseconds`);
  }
  return p;
}

const nth = (list: readonly number[], n: number): number => list[Math.min(n, list.length - 1)] ?? 1000;

/** Delay before the n-th (0-based) poll inside the deadline. */
export function pollDelay(policy: EnginePolicy, n: number): number {
  return nth(policy.pollIntervalsMs, n);
}

/** Delay before the resend that follows the n-th send (1-based): the backoff's last entry repeats; null when resends are off. */
export function resendDelay(policy: EnginePolicy, sends: number): number | null {
  return policy.resendBackoffMs.length ? nth(policy.resendBackoffMs, Math.max(0, sends - 1)) : null;
}

/** Delay before the next late-watch check at this age, or null once the late watch is over. */
export function lateWatchDelay(policy: EnginePolicy, ageMs: number): number | null {
  const sinceDeadline = Math.max(0, ageMs - ATTEMPT_DEADLINE_MS);
  if (sinceDeadline >= policy.lateWatchMs) return null;
  const every = sinceDeadline < policy.lateFastPhaseMs ? policy.lateFastEveryMs : policy.lateSlowEveryMs;
  return Math.min(every, policy.lateWatchMs - sinceDeadline);
}
