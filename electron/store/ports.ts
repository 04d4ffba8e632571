/**
 * What the store layer needs from the payment engine: its send-gate port (the engine's own
 * types) and, for shipping, a record with its sequence number — the engine's committed
 * records fit it, and so do records read back from the journal files.
 */
import type { Attempt } from '../../shared/domain/attempt.js';

export type { SendGate, SendGateAnswer, SendGateRequest, SendGateRefusalCode } from '../payments/engine-ports.js';

/** One committed journal record with this register's sequence number (strictly increasing, never reused). */
export interface CommittedRecord {
  seq: number;
  kind: string;
  at: number;
  attempts: Attempt[];
  /** Read back from the journal files: what identifies the record for ever (its hash) and its exact text. */
  chain?: ChainIdentity;
}

export interface ChainIdentity {
  hash: string;
  /** null: a record written before the chain. */
  prev: string | null;
  by: string;
  /** The record's exact bytes as the journal holds them (the `rec` of its line). */
  raw: string;
}
