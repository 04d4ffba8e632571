/**
 * An in-memory stand-in for the bank's terminal payment routes, for unit tests and benchmarks.
 * Like the real provider it caches the 202 per idempotency key, so a resend
 * with the same key never creates a second payment; scripted failures and
 * held (in-flight) requests let a test stop the engine at any step.
 */
import { onStop, type StopSignal } from '../../../shared/domain/stop-signal.js';
import type { TerminalPayment, TerminalPaymentAccepted } from '../../../shared/domain/bank.js';
import { minorToDecimalString } from '../../../shared/money.js';
import { BankApiError } from '../../api/errors.js';
import type { CallOptions, PaymentPush, TerminalPaymentsPort } from '../../api/types.js';

export interface CreateCall {
  terminalId: string;
  push: PaymentPush;
  key: string;
}

/**
 * 'hold': the request stays in flight until release() or its signal aborts.
 * 'lose': the bank creates the payment but its answer is lost (connection reset).
 */
export type CreateScript = 'accept' | 'hold' | 'lose' | BankApiError;

export function httpError(status: number, extra: { retryAfterMs?: number; detail?: string } = {}): BankApiError {
  return new BankApiError({
    kind: 'http', status, method: 'POST', path: '/v2/terminals/t/payment', message: `HTTP ${status}`,
    errors: [{ code: status === 422 ? 'invalid' : 'error', detail: extra.detail ?? `status ${status}` }],
    ...(extra.retryAfterMs !== undefined ? { retryAfterMs: extra.retryAfterMs } : {}),
  });
}

export const transportError = (kind: 'connect_refused' | 'reset' | 'timeout' = 'reset'): BankApiError =>
  new BankApiError({ kind, method: 'POST', path: '/v2/terminals/t/payment', message: `transport ${kind}` });

function abortable<T>(signal: StopSignal | undefined, start: (resolve: (v: T) => void, reject: (e: unknown) => void) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) return reject(new BankApiError({ kind: 'aborted', method: 'X', path: '/', message: 'aborted' }));
    if (signal) onStop(signal, () => reject(new BankApiError({ kind: 'aborted', method: 'X', path: '/', message: 'aborted' })));
    start(resolve, reject);
  });
}

export class FakeBank implements TerminalPaymentsPort {
  readonly creates: CreateCall[] = [];
  readonly gets: string[] = [];
  readonly payments = new Map<string, TerminalPayment>();
  /** Consumed one per createPayment call; empty means 'accept'. */
  readonly createScript: CreateScript[] = [];
  /** Consumed one per getPayment call; empty means "read the stored payment". */
  readonly getScript: (BankApiError | 'hold')[] = [];
  /** Called at the moment a createPayment call starts (before any answer). */
  onCreate: ((call: CreateCall) => void) | null = null;
  private readonly byKey = new Map<string, TerminalPaymentAccepted>();
  private held: (() => void)[] = [];

  /** Like the real client, nothing reaches the bank before opts.release resolves, and nothing at all when it rejects. */
  createPayment(terminalId: string, push: PaymentPush, key: string, opts: CallOptions = {}): Promise<TerminalPaymentAccepted> {
    return opts.release ? opts.release.then(() => this.createNow(terminalId, push, key, opts)) : this.createNow(terminalId, push, key, opts);
  }

  private createNow(terminalId: string, push: PaymentPush, key: string, opts: CallOptions): Promise<TerminalPaymentAccepted> {
    const call = { terminalId, push, key };
    this.creates.push(call);
    this.onCreate?.(call);
    const step = this.createScript.shift() ?? 'accept';
    if (step instanceof BankApiError) return Promise.reject(step);
    const accept = () => this.accept(call);
    if (step === 'accept') return Promise.resolve(accept());
    if (step === 'lose') {
      accept();
      return Promise.reject(transportError('reset'));
    }
    // Held: the payment reaches the bank now, only the answer is delayed (the worst case for duplicates).
    const answer = accept();
    return abortable(opts.signal, (resolve) => this.held.push(() => resolve(answer)));
  }

  getPayment(paymentId: string, opts: CallOptions = {}): Promise<TerminalPayment> {
    this.gets.push(paymentId);
    const step = this.getScript.shift();
    if (step instanceof BankApiError) return Promise.reject(step);
    const payment = this.payments.get(paymentId);
    if (!payment) return Promise.reject(httpError(404));
    if (step === 'hold') return abortable(opts.signal, (resolve) => this.held.push(() => resolve({ ...payment })));
    return Promise.resolve({ ...payment });
  }

  /** Answers every held request. */
  release(): void {
    const held = this.held;
    this.held = [];
    for (const fn of held) fn();
  }

  setStatus(paymentId: string, status: string, extra: Partial<TerminalPayment> = {}): void {
    const p = this.payments.get(paymentId);
    if (!p) throw new Error(`no payment ${paymentId}`);
    this.payments.set(paymentId, { ...p, ...extra, status });
  }

  /** Payments actually created (what the customer could be charged for). */
  paymentCount(): number {
    return this.payments.size;
  }

  private accept(call: CreateCall): TerminalPaymentAccepted {
    const cached = this.byKey.get(call.key);
    if (cached) return cached;
    const id = `pay-${this.payments.size + 1}`;
    const accepted: TerminalPaymentAccepted = {
      id, terminal_id: call.terminalId, created_at: new Date(0).toISOString(),
      amount: { value: minorToDecimalString(call.push.amountMinor), currency: call.push.currency },
      metadata: call.push.metadata ?? null,
    };
    this.byKey.set(call.key, accepted);
    this.payments.set(id, { ...accepted, status: 'PENDING' });
    return accepted;
  }
}
