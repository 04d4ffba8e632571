/**
 * Terminal payments as the provider runs them: the outcome is computed from
 * the clock when asked (no timers), and the first successful response to an
 * idempotency key is replayed for 30 minutes (provider facts §3.3).
 */
import type { TerminalPayment, TerminalPaymentAccepted } from '../../shared/domain/bank.js';
import type { Reply } from './http-util.js';
import type { PaymentRecord, SandboxState } from './state.js';
import type { SandboxOrgKey } from './seed-ids.js';

export const IDEMPOTENCY_TTL_MS = 30 * 60_000;
/** The provider's decline codes are not published; this one reads naturally on a receipt. */
export const REFUSAL_REASON = 'insufficient_funds';

const iso = (ms: number) => new Date(ms).toISOString();

/** When the terminal answers, or null while it never will (offline). */
function settledAtMs(p: PaymentRecord): number | null {
  return p.behaviour.mode === 'offline' ? null : p.createdAtMs + p.behaviour.delay_ms;
}

export function paymentStatus(p: PaymentRecord, nowMs: number): 'PENDING' | 'AUTHORIZED' | 'REFUSED' {
  const at = settledAtMs(p);
  if (at === null || nowMs < at) return 'PENDING';
  return p.behaviour.mode === 'approve' ? 'AUTHORIZED' : 'REFUSED';
}

/** The 202 body: no status, metadata echoed unchanged (null when absent). */
export function acceptedView(p: PaymentRecord): TerminalPaymentAccepted {
  return { id: p.id, terminal_id: p.terminalId, amount: p.amount, created_at: iso(p.createdAtMs), metadata: p.metadata };
}

export function paymentView(p: PaymentRecord, nowMs: number): TerminalPayment {
  const status = paymentStatus(p, nowMs);
  const at = settledAtMs(p);
  const base: TerminalPayment = { ...acceptedView(p), poi_id: p.poiId, status, updated_at: iso(status === 'PENDING' || at === null ? p.createdAtMs : at) };
  if (status === 'AUTHORIZED') {
    return {
      ...base,
      authorized_amount: p.amount,
      payment_method: p.org === 'fr' ? 'cartebancaire' : 'visa',
      card_summary: '4242',
      authorized_at: iso(at!),
    };
  }
  if (status === 'REFUSED') return { ...base, failure_reason: REFUSAL_REASON };
  return base;
}

const idempotencySlot = (org: SandboxOrgKey, key: string) => `${org}\n${key}`;

/** The cached success for this key, if it is younger than 30 minutes on the sandbox clock. */
export function replayFor(state: SandboxState, org: SandboxOrgKey, key: string, nowMs: number): Reply | null {
  const entry = state.idempotency.get(idempotencySlot(org, key));
  if (!entry) return null;
  if (nowMs - entry.storedAtMs >= IDEMPOTENCY_TTL_MS) {
    state.idempotency.delete(idempotencySlot(org, key));
    return null;
  }
  return entry.reply;
}

/** Only successes are remembered: a failed request may be retried with the same key. */
export function rememberSuccess(state: SandboxState, org: SandboxOrgKey, key: string, reply: Reply, nowMs: number): void {
  state.idempotency.set(idempotencySlot(org, key), { reply, storedAtMs: nowMs });
}
