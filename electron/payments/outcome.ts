/**
 * What the bank's answers mean for an attempt: a send error becomes "resend
 * with the same key" or "final rejection"; a payment read becomes an outcome
 * or "not final yet". Pure functions; the engine decides what to do with them.
 */
import type { AttemptError } from '../../shared/domain/attempt.js';
import type { TerminalPayment } from '../../shared/domain/bank.js';
import { isPlainObject } from '../../shared/json.js';
import { decimalStringToMinor } from '../../shared/money.js';
import { isBankApiError } from '../api/errors.js';
import { isValidationError } from '../api/validation-error.js';

export type SendOutcome =
  | { kind: 'accepted'; paymentId: string }
  | { kind: 'rejected'; error: AttemptError; reason: string }
  | { kind: 'failed'; error: AttemptError; retryAfterMs?: number };

/**
 * Only a 4xx the bank says will not change on resend is final. Everything else
 * (transport faults, 5xx, 429, a 2xx we could not read, an unknown exception)
 * may have created the payment, so it stays resendable with the SAME key: the
 * bank answers a repeat key with the cached 202 instead of a second payment.
 * 409 is not documented for this route; if it appears it can only be about the
 * key (a request with it still in progress), so it is treated as unknown too.
 */
export function classifySendError(e: unknown): Extract<SendOutcome, { kind: 'rejected' | 'failed' }> {
  // Refused by the client before anything left: the same input fails the same way every time.
  if (isValidationError(e)) {
    const first = e.issues[0];
    return { kind: 'rejected', error: { kind: 'http', message: e.message, ...(first ? { code: first.code } : {}) }, reason: first?.detail ?? e.message };
  }
  if (!isBankApiError(e)) {
    return { kind: 'failed', error: { kind: 'network', message: e instanceof Error ? e.message : String(e) } };
  }
  const status = e.status;
  const first = e.errors[0];
  const error: AttemptError = {
    kind: e.kind === 'http' ? (status === 401 ? 'unauthorized' : 'http') : e.kind === 'unexpected_response' ? 'network' : e.kind,
    message: first?.detail ?? e.message,
    ...(status !== undefined ? { status } : {}),
    ...(first?.code ? { code: first.code } : {}),
    ...(e.traceId ? { traceId: e.traceId } : {}),
  };
  // A 401 means the bank refused the token, not the payment (the client already
  // refreshed once): the attempt keeps its key and resends after the next sign-in.
  const final = e.kind === 'http' && status !== undefined && status >= 400 && status < 500 && status !== 409 && status !== 401 && !e.retryable;
  if (final) return { kind: 'rejected', error, reason: first?.detail ?? first?.code ?? `HTTP ${status}` };
  return { kind: 'failed', error, ...(e.retryAfterMs !== undefined ? { retryAfterMs: e.retryAfterMs } : {}) };
}

/** The 202 must name the payment, or there is nothing to poll: then it counts as an unreadable answer. */
export function classifyAccepted(res: unknown): SendOutcome {
  const id = isPlainObject(res) ? res.id : undefined;
  if (typeof id === 'string' && id.length > 0 && id.length <= 200) return { kind: 'accepted', paymentId: id };
  return { kind: 'failed', error: { kind: 'network', message: 'the bank accepted the payment but its answer has no payment id' } };
}

export type PaymentOutcome =
  | { state: 'authorized'; authorizedAmountMinor: number | null; cardSummary: string | null; paymentMethod: string | null }
  | { state: 'refused'; failureReason: string };

const text = (v: unknown): string | null => (typeof v === 'string' && v.length > 0 ? v.slice(0, 200) : null);

/**
 * Status is compared case-insensitively (the docs say "authorized", the example
 * "AUTHORIZED"); anything else, PENDING or unknown, is not final. A read for a
 * different payment id is ignored rather than trusted.
 */
export function readPaymentOutcome(payment: TerminalPayment | unknown, expectedId: string): PaymentOutcome | null {
  if (!isPlainObject(payment) || payment.id !== expectedId || typeof payment.status !== 'string') return null;
  const status = payment.status.trim().toUpperCase();
  if (status === 'REFUSED') return { state: 'refused', failureReason: text(payment.failure_reason) ?? 'refused' };
  if (status !== 'AUTHORIZED') return null;
  const authorized = payment.authorized_amount;
  const value = isPlainObject(authorized) && typeof authorized.value === 'string' ? decimalStringToMinor(authorized.value) : null;
  return {
    state: 'authorized',
    authorizedAmountMinor: value,
    cardSummary: text(payment.card_summary),
    paymentMethod: text(payment.payment_method),
  };
}
