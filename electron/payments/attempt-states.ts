/**
 * The store's safety net under the attempt machine: the state changes a journal may
 * ever record, and the fields fixed at creation. The machine decides; a snapshot
 * that breaks these is a bug, so the store throws instead of journaling it.
 */
import type { Attempt, AttemptState } from '../../shared/domain/attempt.js';

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

/** Fields fixed at creation: a change to any of them is refused by the store. */
export const IMMUTABLE_FIELDS = [
  'id', 'saleId', 'previousAttemptId', 'registerId', 'terminalId', 'amountMinor', 'currency',
  'metadata', 'idempotencyKey', 'createdAt', 'deadlineAt',
] as const satisfies readonly (keyof Attempt)[];
