/**
 * The one table of allowed state changes, and the predicates every command and
 * timer asks before acting. A change not in the table is a bug in the engine,
 * so it throws instead of being journaled.
 */
import { isFinal, type Attempt, type AttemptState } from '../../shared/domain/attempt.js';
import type { EnginePolicy } from './policy.js';

export const TRANSITIONS: Readonly<Record<AttemptState, readonly AttemptState[]>> = Object.freeze({
  sending: ['accepted', 'rejected', 'send_failed'],
  send_failed: ['sending', 'timed_out'],
  accepted: ['authorized', 'refused', 'timed_out'],
  // A late outcome still lands on a timed-out attempt (lateOutcome = true).
  timed_out: ['authorized', 'refused'],
  authorized: [],
  refused: [],
  rejected: [],
});

export class IllegalTransitionError extends Error {
  constructor(readonly from: AttemptState, readonly to: AttemptState, attemptId: string) {
    super(`illegal attempt transition ${from} -> ${to} (attempt ${attemptId})`);
    this.name = 'IllegalTransitionError';
  }
}

export function canTransition(from: AttemptState, to: AttemptState): boolean {
  return TRANSITIONS[from].includes(to);
}

/** Returns the attempt in its next state; throws when the table forbids the change. */
export function transition(a: Attempt, to: AttemptState, now: number, patch: Partial<Attempt> = {}): Attempt {
  if (!canTransition(a.state, to)) throw new IllegalTransitionError(a.state, to, a.id);
  return { ...a, ...patch, state: to, updatedAt: now };
}

/** Fields fixed at creation: a change to any of them is refused by the store. */
export const IMMUTABLE_FIELDS = [
  'id', 'saleId', 'previousAttemptId', 'registerId', 'terminalId', 'amountMinor', 'currency',
  'metadata', 'idempotencyKey', 'createdAt', 'deadlineAt',
] as const satisfies readonly (keyof Attempt)[];

/**
 * Holds the register: the cashier must resolve it before a new charge. A
 * timed-out attempt keeps holding it until the cashier confirms (retry) or walks away.
 */
export function holdsRegister(a: Attempt): boolean {
  if (isFinal(a.state) || a.abandoned) return false;
  return !(a.state === 'timed_out' && a.retriedBy !== null);
}

/**
 * May a request leave with this attempt's key now? Never after the deadline (a
 * payment popping up on the terminal after the cashier was told "timed out" is
 * worse than a timeout) and never with a key the bank may have forgotten.
 */
export function maySend(a: Attempt, now: number, policy: EnginePolicy): boolean {
  return now < a.deadlineAt && now - a.createdAt < policy.idempotencyKeyTtlMs && now >= a.createdAt;
}

/** Is an outcome still expected for it (polling inside the deadline or late watch)? */
export function isWatched(a: Attempt, now: number, policy: EnginePolicy): boolean {
  if (a.paymentId === null) return false;
  if (a.state === 'accepted') return true;
  return a.state === 'timed_out' && now < a.deadlineAt + policy.lateWatchMs;
}

/**
 * Must the attempt follow into the next day's journal file? Everything not
 * final, except a released timed-out attempt that nothing watches any more.
 */
export function isOpen(a: Attempt, now: number, policy: EnginePolicy): boolean {
  if (isFinal(a.state)) return false;
  if (a.state === 'timed_out' && !holdsRegister(a)) return isWatched(a, now, policy);
  return true;
}
