/**
 * Turns what undici throws into a BankApiError with a distinct transport kind.
 * The payment engine decides on the kind (resend with the same idempotency key,
 * or tell the cashier the register is offline), so the mapping must be exact.
 */
import type { StopSignal } from '../../shared/domain/stop-signal.js';
import { BankApiError, type TransportKind } from './errors.js';

interface ErrorLike {
  name?: unknown;
  code?: unknown;
  message?: unknown;
  cause?: unknown;
  errors?: unknown;
}

/** The error, its causes and (for Node's happy-eyeballs AggregateError) its members. */
function chain(e: unknown, depth = 0): ErrorLike[] {
  if (depth > 5 || typeof e !== 'object' || e === null) return [];
  const err = e as ErrorLike;
  const nested = Array.isArray(err.errors) ? err.errors.flatMap((x) => chain(x, depth + 1)) : [];
  return [err, ...chain(err.cause, depth + 1), ...nested];
}

const TIMEOUT_CODES = ['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'ETIMEDOUT'];
const RESET_CODES = ['ECONNRESET', 'UND_ERR_SOCKET', 'EPIPE'];

export function transportKind(e: unknown, signal?: StopSignal): TransportKind {
  // The caller's signal first: whatever undici reports after an abort, the caller asked for it.
  if (signal?.aborted) return 'aborted';
  const errs = chain(e);
  const has = (pred: (x: ErrorLike) => boolean) => errs.some(pred);
  if (has((x) => x.name === 'AbortError' || x.code === 'UND_ERR_ABORTED' || x.code === 'ABORT_ERR')) return 'aborted';
  if (has((x) => x.code === 'ECONNREFUSED')) return 'connect_refused';
  if (has((x) => TIMEOUT_CODES.includes(String(x.code)))) return 'timeout';
  if (has((x) => RESET_CODES.includes(String(x.code)) || String(x.message).includes('other side closed'))) return 'reset';
  return 'network';
}

const TIMEOUT_WHAT: Record<string, string> = {
  UND_ERR_CONNECT_TIMEOUT: 'connecting', UND_ERR_HEADERS_TIMEOUT: 'waiting for the answer', UND_ERR_BODY_TIMEOUT: 'reading the answer',
};

function describe(kind: TransportKind, e: unknown, host: string): string {
  switch (kind) {
    case 'aborted':
      return 'the request was cancelled before the bank answered';
    case 'connect_refused':
      return `could not connect to the bank at ${host} (connection refused)`;
    case 'timeout': {
      const code = chain(e).map((x) => String(x.code)).find((c) => c in TIMEOUT_WHAT);
      return `the bank did not answer in time${code ? ` (timed out ${TIMEOUT_WHAT[code]})` : ''}`;
    }
    case 'reset':
      return 'the connection to the bank was cut before the answer was complete';
    default:
      return `network error talking to the bank: ${e instanceof Error ? e.message : String(e)}`;
  }
}

export function transportError(e: unknown, ctx: { method: string; path: string; baseUrl: string; signal?: StopSignal }): BankApiError {
  if (e instanceof BankApiError) return e;
  // Too big an answer is a broken server, not a network hiccup: resending would not help.
  if (chain(e).some((x) => x.code === 'UND_ERR_RES_EXCEEDED_MAX_SIZE')) {
    return new BankApiError({ kind: 'unexpected_response', message: `${ctx.method} ${ctx.path}: the bank's answer was larger than any answer we accept`, method: ctx.method, path: ctx.path, cause: e });
  }
  const kind = transportKind(e, ctx.signal);
  let host = ctx.baseUrl;
  try {
    host = new URL(ctx.baseUrl).host;
  } catch {
    /* keep the raw base URL in the message */
  }
  return new BankApiError({ kind, message: `${ctx.method} ${ctx.path}: ${describe(kind, e, host)}`, method: ctx.method, path: ctx.path, cause: e });
}
