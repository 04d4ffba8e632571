/** What the engine's parts share. Built once by PaymentEngine.open(). */
import type { Attempt } from '../../shared/domain/attempt.js';
import type { EnginePolicy } from '../../shared/domain/attempt-policy.js';
import type { BankPort } from '../../shared/domain/bank-outcomes.js';
import type { Clock } from '../../shared/clock.js';
import type { Logger } from '../log.js';
import type { AttemptAges } from './attempt-ages.js';
import type { AttemptStore } from './attempt-store.js';
import type { AttemptTimers } from './attempt-timers.js';
import type { TaskTracker } from './tasks.js';

export interface EngineContext {
  readonly store: AttemptStore;
  readonly bank: BankPort;
  /** Wall clock: what records say and which local day it is. */
  readonly clock: Clock;
  readonly ages: AttemptAges;
  readonly policy: EnginePolicy;
  readonly logger: Logger;
  /** Timers run on the monotonic clock. */
  readonly timers: AttemptTimers;
  readonly tasks: TaskTracker;
  /** Status reads done per attempt (the poll cadence depends on it). */
  readonly reads: Map<string, number>;
  isClosed(): boolean;
}

/** Fields to log about an attempt: never the metadata (it is the merchant's), never a token. */
export function logFields(a: Attempt): Record<string, unknown> {
  return { attemptId: a.id, saleId: a.saleId, state: a.state, terminalId: a.terminalId, paymentId: a.paymentId, sends: a.sends };
}
