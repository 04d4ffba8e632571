/**
 * What a payment engine is given: its journal folder, the bank, the clocks, the
 * register and the store mode's ports. Apart from the engine so the parts it
 * builds from them (engine-parts.ts) and the packages that start one read the
 * same inputs without importing the engine.
 */
import type { Attempt } from '../../shared/domain/attempt.js';
import type { EnginePolicy } from '../../shared/domain/attempt-policy.js';
import type { BankPort } from '../../shared/domain/bank-outcomes.js';
import type { StaffRef } from '../../shared/domain/staff.js';
import type { Clock } from '../../shared/clock.js';
import type { Logger } from '../log.js';
import type { SendGate } from './engine-ports.js';

export interface PaymentEngineOptions {
  /** The journal lives in `${dataDir}/journal/`. */
  dataDir: string;
  bank: BankPort;
  /** Wall clock: journal times and the local day. */
  clock: Clock;
  /** Deadlines and backoff; default the process's monotonic clock (or `clock` itself when that is a test clock). */
  monotonic?: Clock;
  registerId: string;
  logger?: Logger;
  /** Attempt ids and idempotency keys; default crypto.randomUUID (UUID v4). */
  newId?: () => string;
  /** Every change of an attempt, after it is journaled. */
  onUpdate?: (attempt: Attempt) => void;
  policy?: Partial<EnginePolicy>;
  sendGate?: SendGate;
  /** Who is signed in at the counter: a new attempt carries them, and attempt records name them in `by`. */
  signedIn?: () => StaffRef | null;
}
