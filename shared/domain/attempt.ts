/**
 * A payment attempt: one push of one amount to one terminal under one
 * idempotency key. A sale may need several linked attempts (refused, then
 * retried with a new key); the journal keeps every one of them.
 */
import type { Currency } from '../money.js';
import type { JsonObject } from '../json.js';
import type { StaffRef } from './staff.js';

export const ATTEMPT_DEADLINE_MS = 120_000;

export type AttemptState =
  | 'sending'      // journaled, request leaving or in flight
  | 'send_failed'  // network, timeout, 5xx or 429: resent with the SAME key
  | 'accepted'     // 202 received, payment id known, polling for the outcome
  | 'authorized'   // final: the customer paid
  | 'refused'      // final: the terminal/issuer declined
  | 'rejected'     // final: a 4xx that will not change on resend (bad amount, unknown terminal…)
  | 'timed_out';   // the deadline passed without an outcome: UNKNOWN, look at the terminal

export const FINAL_STATES: readonly AttemptState[] = ['authorized', 'refused', 'rejected'];

export interface AttemptError {
  /** 'http' for a status from the bank, otherwise the transport fault. */
  kind: 'http' | 'connect_refused' | 'timeout' | 'reset' | 'aborted' | 'network' | 'unauthorized' | 'session_ended';
  status?: number;
  code?: string;
  message: string;
  traceId?: string;
}

export interface Attempt {
  id: string;
  /** Shared by every linked attempt of one sale. */
  saleId: string;
  previousAttemptId: string | null;
  registerId: string;
  terminalId: string;
  amountMinor: number;
  currency: Currency;
  metadata: JsonObject;
  idempotencyKey: string;
  createdAt: number;
  deadlineAt: number;
  state: AttemptState;
  updatedAt: number;
  /** Bank's terminal payment id, once a 202 arrived. */
  paymentId: string | null;
  /** How many times the request left (1 + resends with the same key). */
  sends: number;
  lastError: AttemptError | null;
  /** Refusal code from the bank, or the rejection detail. */
  failureReason: string | null;
  authorizedAmountMinor: number | null;
  cardSummary: string | null;
  paymentMethod: string | null;
  /** The cashier walked away from it; it is still watched until its deadline. */
  abandoned: boolean;
  /** An outcome that arrived after the deadline. */
  lateOutcome: boolean;
  /** Authorized although another attempt of the same sale was authorized too. */
  possibleDuplicate: boolean;
  /** Set on a timed-out attempt once the cashier confirmed the terminal shows no payment. */
  retriedBy: string | null;
  /** The tip the customer added: the bank's tip_amount, else authorized minus asked; null before authorization or without tip. */
  tipMinor: number | null;
  /** A manager's answer to a possible duplicate (or to a payment authorized after it was abandoned). */
  resolution: AttemptResolution | null;
  /** A manager asked the bank about a timed-out attempt whose 202 was lost (see askBank in the attempt machine). */
  bankAsked: BankAsk | null;
  /**
   * Store mode: whether this attempt held its terminal's lease when it was journaled, or was sent
   * without one because the store could not be reached and the cashier confirmed the terminal was
   * free. Absent for a register working alone (and in journals written before store mode).
   */
  lease?: LeaseMark;
  /**
   * The terminal as the shop knew it when the attempt was journaled: its serial (the bank's POI id)
   * and the shop's name for it, so exports read offline name it as the cashier saw it. Absent in
   * journals written before it was kept (they fall back to what the register knows, else the id).
   */
  terminal?: AttemptTerminal;
  /** Who started this attempt at the counter; absent when nobody was signed in (training, one-person shops, older journals). */
  cashier?: StaffRef | null;
}

export interface AttemptTerminal {
  serial: string;
  /** The shop's name for it; null when it had none. */
  name: string | null;
}

export const LEASE_MARKS = ['held', 'none_store_down'] as const;
export type LeaseMark = (typeof LEASE_MARKS)[number];

export const RESOLUTION_KINDS = ['refunded_outside', 'not_a_duplicate'] as const;
export type ResolutionKind = (typeof RESOLUTION_KINDS)[number];

export interface AttemptResolution {
  kind: ResolutionKind;
  /** The manager's note (refund reference) or reason (why it is not a duplicate). */
  note: string;
  at: number;
}

export interface BankAsk {
  /** Put into the resent metadata: an answer that echoes it is a NEW payment, one without it the original. */
  marker: string;
  at: number;
  answer: 'pending' | 'original' | 'new_prompt' | 'failed';
}

/** What every new attempt starts with: nothing sent back by the bank yet, nothing flagged. */
export const FRESH_ATTEMPT_FIELDS = {
  paymentId: null,
  sends: 1,
  lastError: null,
  failureReason: null,
  authorizedAmountMinor: null,
  cardSummary: null,
  paymentMethod: null,
  abandoned: false,
  lateOutcome: false,
  possibleDuplicate: false,
  retriedBy: null,
  tipMinor: null,
  resolution: null,
  bankAsked: null,
} as const satisfies Partial<Attempt>;

/** Money the customer paid on this attempt (asked amount plus tip), or 0 when not authorized. */
export function paidMinor(a: Attempt): number {
  return a.state === 'authorized' ? (a.authorizedAmountMinor ?? a.amountMinor) : 0;
}

/** A possible duplicate (or a payment authorized after it was abandoned) no manager has resolved yet. */
export function isOpenDuplicate(a: Attempt): boolean {
  return a.state === 'authorized' && a.possibleDuplicate && a.resolution === null;
}

export function isFinal(state: AttemptState): boolean {
  return FINAL_STATES.includes(state);
}

/** Short form of the idempotency key the cashier can read out to support. */
export function shortKey(key: string): string {
  return key.slice(0, 8);
}
