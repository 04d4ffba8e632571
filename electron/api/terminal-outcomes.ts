/**
 * What the bank's answers mean for a terminal payment, and the engine's port built on
 * them: a push becomes accepted / finalRejection / unknown (resend with the same key) /
 * sessionEnded; a read becomes pending / authorized / refused / unknown. The payment
 * engine never sees a status code or a body, only these outcomes.
 */
import type { AttemptError } from '../../shared/domain/attempt.js';
import type { TerminalPayment } from '../../shared/domain/bank.js';
import type { BankPort, PushOutcome, ReadOutcome } from '../../shared/domain/bank-outcomes.js';
import { isPlainObject, type JsonObject } from '../../shared/json.js';
import { decimalStringToMinor } from '../../shared/money.js';
import { isBankApiError } from './errors.js';
import type { TerminalPaymentsPort } from './types.js';
import { isValidationError } from './validation-error.js';

/**
 * The token could not be had at all (refresh token revoked or expired, nobody signed in):
 * the request never left, and resending into the dead session changes nothing. Recognized
 * by the auth layer's error code, so this module does not depend on auth.
 */
function isSessionEnded(e: unknown): e is Error {
  return e instanceof Error && (e as { code?: unknown }).code === 'signed_out';
}

/**
 * Only a 4xx the bank says will not change on resend is final. Everything else
 * (transport faults, 5xx, 429, a 2xx we could not read, an unknown exception)
 * may have created the payment, so it stays resendable with the SAME key: the
 * bank answers a repeat key with the cached 202 instead of a second payment.
 * 409 is not documented for this route; if it appears it can only be about the
 * key (a request with it still in progress), so it is treated as unknown too.
 */
export function classifySendError(e: unknown): Exclude<PushOutcome, { kind: 'accepted' }> {
  if (isSessionEnded(e)) return { kind: 'sessionEnded', error: { kind: 'session_ended', message: e.message } };
  // Refused by the client before anything left: the same input fails the same way every time.
  if (isValidationError(e)) {
    const first = e.issues[0];
    return { kind: 'finalRejection', error: { kind: 'http', message: e.message, ...(first ? { code: first.code } : {}) }, reason: first?.detail ?? e.message };
  }
  if (!isBankApiError(e)) {
    return { kind: 'unknown', error: { kind: 'network', message: e instanceof Error ? e.message : String(e) } };
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
  if (final) return { kind: 'finalRejection', error, reason: first?.detail ?? first?.code ?? `HTTP ${status}` };
  return { kind: 'unknown', error, ...(e.retryAfterMs !== undefined ? { afterMs: e.retryAfterMs } : {}) };
}

/** The 202 must name the payment, or there is nothing to poll: then it counts as an unreadable answer. */
export function classifyAccepted(res: unknown): PushOutcome {
  const id = isPlainObject(res) ? res.id : undefined;
  if (typeof id === 'string' && id.length > 0 && id.length <= 200) {
    const metadata = isPlainObject(res) && isPlainObject(res.metadata) ? (res.metadata as JsonObject) : null;
    return { kind: 'accepted', paymentId: id, metadata };
  }
  return { kind: 'unknown', error: { kind: 'network', message: 'the bank accepted the payment but its answer has no payment id' } };
}

const text = (v: unknown): string | null => (typeof v === 'string' && v.length > 0 ? v.slice(0, 200) : null);
const minorOf = (amount: unknown): number | null => (isPlainObject(amount) && typeof amount.value === 'string' ? decimalStringToMinor(amount.value) : null);

/**
 * Status is compared case-insensitively (the docs say "authorized", the example
 * "AUTHORIZED"); anything else, PENDING or unknown, is not final. A read for a
 * different payment id is ignored rather than trusted.
 */
export function readPaymentOutcome(payment: TerminalPayment | unknown, expectedId: string): ReadOutcome {
  if (!isPlainObject(payment) || payment.id !== expectedId || typeof payment.status !== 'string') return { kind: 'pending' };
  const status = payment.status.trim().toUpperCase();
  if (status === 'REFUSED') return { kind: 'refused', reason: text(payment.failure_reason) ?? 'refused' };
  if (status !== 'AUTHORIZED') return { kind: 'pending' };
  return {
    kind: 'authorized',
    amountMinor: minorOf(payment.authorized_amount),
    tipMinor: minorOf(payment.tip_amount),
    method: text(payment.payment_method),
    last4: text(payment.card_summary),
  };
}

function readError(e: unknown): AttemptError {
  if (isSessionEnded(e)) return { kind: 'session_ended', message: e.message };
  const outcome = classifySendError(e);
  return outcome.error;
}

/** The engine's port on the API client's terminal routes. Never throws. */
export function terminalOutcomes(terminals: TerminalPaymentsPort): BankPort {
  return {
    async push(req, opts = {}) {
      try {
        const push = { amountMinor: req.amountMinor, currency: req.currency, metadata: req.metadata };
        return classifyAccepted(await terminals.createPayment(req.terminalId, push, req.idempotencyKey, opts));
      } catch (e) {
        return classifySendError(e);
      }
    },
    async read(paymentId, opts = {}) {
      try {
        return readPaymentOutcome(await terminals.getPayment(paymentId, opts), paymentId);
      } catch (e) {
        return { kind: 'unknown', error: readError(e) };
      }
    },
  };
}
