/** What the engine's parts share. Built once by PaymentEngine.open(). */
import type { Attempt, AttemptError } from '../../shared/domain/attempt.js';
import type { Clock } from '../../shared/clock.js';
import type { TerminalPaymentsPort } from '../api/types.js';
import type { Logger } from '../log.js';
import type { AttemptStore } from './attempt-store.js';
import type { AttemptTimers } from './attempt-timers.js';
import type { EnginePolicy } from './policy.js';
import type { TaskTracker } from './tasks.js';

export interface EngineContext {
  readonly store: AttemptStore;
  readonly port: TerminalPaymentsPort;
  readonly clock: Clock;
  readonly policy: EnginePolicy;
  readonly logger: Logger;
  readonly timers: AttemptTimers;
  readonly tasks: TaskTracker;
  isClosed(): boolean;
}

/** Hints for what follows a state change: a server-requested wait, or "resume now" after a restart. */
export interface ReactHint {
  retryAfterMs?: number;
  resumeNow?: boolean;
}

/** Fields to log about an attempt: never the metadata (it is the merchant's), never a token. */
export function logFields(a: Attempt): Record<string, unknown> {
  return { attemptId: a.id, saleId: a.saleId, state: a.state, terminalId: a.terminalId, paymentId: a.paymentId, sends: a.sends };
}

export const INTERRUPTED: AttemptError = { kind: 'aborted', message: 'the app stopped before the bank answered; the outcome of that request is unknown' };
export const NO_ANSWER_BY_DEADLINE: AttemptError = { kind: 'timeout', message: 'no answer from the bank before the 120 s deadline' };
