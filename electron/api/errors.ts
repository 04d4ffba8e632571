/**
 * Every failure of a bank call becomes one BankApiError: either an HTTP status
 * with the provider's errors[] and trace_id, or a transport fault. Callers
 * (the payment engine above all) decide on `kind` and `status`, never on text.
 */
import type { ProviderErrorItem } from '../../shared/domain/bank.js';

export type TransportKind = 'connect_refused' | 'timeout' | 'reset' | 'aborted' | 'network';
export type BankErrorKind = 'http' | TransportKind | 'unexpected_response';

export interface BankApiErrorInit {
  kind: BankErrorKind;
  message: string;
  method: string;
  path: string;
  status?: number;
  errors?: ProviderErrorItem[];
  traceId?: string;
  retryAfterMs?: number;
  cause?: unknown;
}

export class BankApiError extends Error {
  readonly kind: BankErrorKind;
  readonly method: string;
  readonly path: string;
  readonly status: number | undefined;
  readonly errors: ProviderErrorItem[];
  readonly traceId: string | undefined;
  /** From Retry-After on a 429 (or 503), in milliseconds. */
  readonly retryAfterMs: number | undefined;

  constructor(init: BankApiErrorInit) {
    super(init.message, { cause: init.cause });
    this.name = 'BankApiError';
    this.kind = init.kind;
    this.method = init.method;
    this.path = init.path;
    this.status = init.status;
    this.errors = init.errors ?? [];
    this.traceId = init.traceId;
    this.retryAfterMs = init.retryAfterMs;
  }

  /** 410: a retired route after its sunset date. */
  get gone(): boolean {
    return this.status === 410;
  }

  /**
   * Could the very same request succeed if sent again? Transport faults, 5xx and
   * 429 yes (a terminal payment is then resent with the SAME idempotency key);
   * any other 4xx will not change on resend.
   */
  get retryable(): boolean {
    if (this.kind === 'http') return this.status === 429 || (this.status ?? 0) >= 500;
    return this.kind !== 'unexpected_response';
  }
}

export function isBankApiError(e: unknown): e is BankApiError {
  return e instanceof BankApiError;
}
