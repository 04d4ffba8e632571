/**
 * What the payment engine hears from the bank: outcomes, never HTTP. Turning
 * statuses and bodies into these belongs to electron/api (terminal-outcomes.ts);
 * the attempt machine only ever sees these shapes.
 */
import type { StopSignal } from './stop-signal.js';
import type { Currency } from '../money.js';
import type { JsonObject } from '../json.js';
import type { AttemptError } from './attempt.js';

export interface PushRequest {
  terminalId: string;
  amountMinor: number;
  currency: Currency;
  metadata: JsonObject;
  idempotencyKey: string;
}

export type PushOutcome =
  /** The bank queued it (202). `metadata` is what the bank stored, as it echoed it back. */
  | { kind: 'accepted'; paymentId: string; metadata: JsonObject | null }
  /** Will fail the same way on every resend (a 4xx that is not about the token or the key). */
  | { kind: 'finalRejection'; reason: string; error: AttemptError }
  /** The payment may or may not exist: resend with the SAME key, not before afterMs. */
  | { kind: 'unknown'; error: AttemptError; afterMs?: number }
  /** No token could be had: nothing left the register; a manager must sign in again. */
  | { kind: 'sessionEnded'; error: AttemptError };

export type ReadOutcome =
  | { kind: 'pending' }
  | { kind: 'authorized'; amountMinor: number | null; tipMinor: number | null; method: string | null; last4: string | null }
  | { kind: 'refused'; reason: string }
  /** The read failed or its answer was unreadable: it says nothing about the payment; read again. */
  | { kind: 'unknown'; error: AttemptError };

export interface CallSignal {
  signal?: StopSignal;
  /**
   * The request may be prepared (token, headers, body) at once, but not one byte of it may be
   * written before this resolves; when it rejects, nothing is sent and the call rejects with its reason.
   * The engine passes the fsync of the record that creates the attempt, so a request is ready the
   * moment its key is on disk instead of being prepared after it.
   */
  release?: Promise<unknown>;
}

/** The engine's whole view of the bank. Never throws: every failure is an outcome. */
export interface BankPort {
  push(req: PushRequest, opts?: CallSignal): Promise<PushOutcome>;
  read(paymentId: string, opts?: CallSignal): Promise<ReadOutcome>;
}
