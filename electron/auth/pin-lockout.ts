/**
 * Rate limit for manager PIN attempts. A 4-digit PIN has only 10,000 values,
 * so guessing must be slow: after 5 wrong PINs in a row the PIN is locked for
 * 30 s, and each further lock-out doubles (capped at one hour). A correct PIN
 * resets everything. Pure state; manager-pin.ts and staff-list.ts persist it
 * (the register's PIN has one, each staff member their own) so restarting the
 * app does not reset the count.
 */
import { pinMatches, type PinHash } from './pin-hash.js';

export type PinCheck =
  | { result: 'ok' }
  | { result: 'unavailable' }
  | { result: 'wrong'; attemptsLeft: number }
  | { result: 'locked'; retryAfterMs: number };

export interface LockoutState {
  /** Wrong PINs since the last lock-out (or success). */
  failures: number;
  /** Lock-outs since the last success; sets the next lock's length. */
  lockouts: number;
  /** Epoch ms until which no attempt is checked; 0 = not locked. */
  lockedUntil: number;
}

export const ATTEMPTS_BEFORE_LOCK = 5;
export const FIRST_LOCK_MS = 30_000;
export const MAX_LOCK_MS = 3_600_000;

export const initialLockout = (): LockoutState => ({ failures: 0, lockouts: 0, lockedUntil: 0 });

export function isLockoutState(v: unknown): v is LockoutState {
  const o = v as Partial<LockoutState> | null;
  return typeof o === 'object' && o !== null
    && Number.isInteger(o.failures) && (o.failures ?? -1) >= 0
    && Number.isInteger(o.lockouts) && (o.lockouts ?? -1) >= 0
    && typeof o.lockedUntil === 'number' && Number.isFinite(o.lockedUntil);
}

/** Milliseconds left of the current lock, 0 when attempts are allowed. */
export function lockRemaining(state: LockoutState, now: number): number {
  return Math.max(0, state.lockedUntil - now);
}

export function afterFailure(state: LockoutState, now: number): LockoutState {
  const failures = state.failures + 1;
  if (failures < ATTEMPTS_BEFORE_LOCK) return { ...state, failures };
  const lockMs = Math.min(MAX_LOCK_MS, FIRST_LOCK_MS * 2 ** state.lockouts);
  return { failures: 0, lockouts: state.lockouts + 1, lockedUntil: now + lockMs };
}

export function attemptsLeft(state: LockoutState): number {
  return ATTEMPTS_BEFORE_LOCK - state.failures;
}

/**
 * One PIN attempt against one hash and its lock-out: the answer, and the lock-out to keep (the
 * same object when nothing changed, so the caller writes only when it must). While locked nothing
 * is checked, not even a correct PIN: that is the point of the lock.
 */
export async function checkPin(pin: string, stored: PinHash, lockout: LockoutState, now: number): Promise<{ check: PinCheck; lockout: LockoutState }> {
  const remaining = lockRemaining(lockout, now);
  if (remaining > 0) return { check: { result: 'locked', retryAfterMs: remaining }, lockout };
  if (await pinMatches(pin, stored)) {
    return { check: { result: 'ok' }, lockout: lockout.failures > 0 || lockout.lockouts > 0 ? initialLockout() : lockout };
  }
  const next = afterFailure(lockout, now);
  const lockedFor = lockRemaining(next, now);
  return { check: lockedFor > 0 ? { result: 'locked', retryAfterMs: lockedFor } : { result: 'wrong', attemptsLeft: attemptsLeft(next) }, lockout: next };
}
