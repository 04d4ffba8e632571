/**
 * Timing rules of the engine. Defaults follow the provider facts (poll 1 s then
 * 2 s, 120 s client deadline, idempotency keys forgotten after 30 min); tests
 * and the harness may shorten them, never the deadline (it is part of Attempt).
 */
export interface EnginePolicy {
  /** Delay before each status poll while inside the deadline; the last entry repeats. */
  pollIntervalsMs: number[];
  /** Automatic resends after a transport fault (same key); when exhausted the cashier may resend by hand. */
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

/** Delay before the n-th (0-based) poll inside the deadline. */
export function pollDelay(policy: EnginePolicy, n: number): number {
  const list = policy.pollIntervalsMs;
  return list[Math.min(n, list.length - 1)] ?? 1000;
}

/** Delay before the next late-watch check, or null once the late watch is over. */
export function lateWatchDelay(policy: EnginePolicy, deadlineAt: number, now: number): number | null {
  const sinceDeadline = now - deadlineAt;
  if (sinceDeadline >= policy.lateWatchMs) return null;
  const every = sinceDeadline < policy.lateFastPhaseMs ? policy.lateFastEveryMs : policy.lateSlowEveryMs;
  return Math.min(every, policy.lateWatchMs - sinceDeadline);
}
