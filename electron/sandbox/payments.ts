/**
 * Terminal payments as the provider runs them: what a push will come to is
 * decided when it arrives (terminal behaviour, queue), the status is read off
 * the clock when asked (no timers), and the first successful response to an
 * idempotency key is replayed for 30 minutes (docs/bank-api.md, Idempotency).
 */
import type { TerminalPayment, TerminalPaymentAccepted } from '../../shared/domain/bank.js';
import type { ApiAmount } from '../../shared/money.js';
import { decimalStringToMinor, minorToDecimalString } from '../../shared/money.js';
import type { Reply } from './http-util.js';
import type { PaymentRecord, SandboxState, TerminalRecord } from './state.js';
import type { SandboxOrgKey } from './seed-ids.js';

export const IDEMPOTENCY_TTL_MS = 30 * 60_000;

const iso = (ms: number) => new Date(ms).toISOString();

/** The 202 echoes metadata only when some was sent: the real API leaves the key out otherwise. */
type Accepted = Omit<TerminalPaymentAccepted, 'metadata'> & { metadata?: TerminalPaymentAccepted['metadata'] };
type Payment = Omit<TerminalPayment, 'metadata'> & Accepted;

/**
 * When and how a new push on `terminal` ends. Only payments the terminal
 * actually received and has not finished occupy it: one sent while it was
 * offline never reached it. Whether the real terminal queues or refuses a
 * second push is not published, so the sandbox can do either.
 */
export function planPayment(state: SandboxState, terminal: TerminalRecord, nowMs: number): Pick<PaymentRecord, 'settlesAtMs' | 'outcome'> {
  const b = terminal.behaviour;
  const occupiedUntil = state.payments
    .filter((p) => p.terminalId === terminal.terminal.id && p.settlesAtMs !== null && p.settlesAtMs > nowMs)
    .reduce<number | null>((end, p) => Math.max(end ?? 0, p.settlesAtMs!), null);
  const startsAtMs = b.busy === 'queue' && occupiedUntil !== null ? occupiedUntil : nowMs;
  const settlesAtMs = b.mode === 'offline' ? null : startsAtMs + b.delay_ms;
  if (b.mode !== 'offline' && occupiedUntil !== null && b.busy === 'refuse') {
    // The terminal says so at once: it does not make the customer wait for a payment it will not take.
    return { settlesAtMs: nowMs, outcome: { status: 'REFUSED', reason: 'terminal_busy' } };
  }
  if (b.mode === 'refuse') return { settlesAtMs, outcome: { status: 'REFUSED', reason: b.reason ?? 'insufficient_funds' } };
  const tip = b.mode === 'tip' && b.tip_amount !== null ? b.tip_amount : null;
  return { settlesAtMs, outcome: { status: 'AUTHORIZED', tip: tip === null ? null : { value: tip, currency: 'EUR' } } };
}

export function paymentStatus(p: PaymentRecord, nowMs: number): 'PENDING' | 'AUTHORIZED' | 'REFUSED' {
  return p.settlesAtMs === null || nowMs < p.settlesAtMs ? 'PENDING' : p.outcome.status;
}

/** The 202 body: no status, metadata echoed unchanged, and absent when none was sent. */
export function acceptedView(p: PaymentRecord): Accepted {
  return {
    id: p.id, terminal_id: p.terminalId, amount: p.amount, created_at: iso(p.createdAtMs),
    ...(p.metadata !== null ? { metadata: p.metadata } : {}),
  };
}

/** A tip is added on the terminal, so the authorization is above what was asked (docs/bank-api.md, Terminal payments). */
function authorizedAmount(amount: ApiAmount, tip: ApiAmount | null): ApiAmount {
  if (tip === null) return amount;
  const total = (decimalStringToMinor(amount.value) ?? 0) + (decimalStringToMinor(tip.value) ?? 0);
  return { value: minorToDecimalString(total), currency: amount.currency };
}

export function paymentView(p: PaymentRecord, nowMs: number): Payment {
  const status = paymentStatus(p, nowMs);
  const settled = status !== 'PENDING' && p.settlesAtMs !== null ? p.settlesAtMs : null;
  const base: Payment = { ...acceptedView(p), poi_id: p.poiId, status, updated_at: iso(settled ?? p.createdAtMs) };
  if (settled === null) return base;
  if (p.outcome.status === 'REFUSED') return { ...base, failure_reason: p.outcome.reason };
  return {
    ...base,
    authorized_amount: authorizedAmount(p.amount, p.outcome.tip),
    ...(p.outcome.tip ? { tip_amount: p.outcome.tip } : {}),
    payment_method: p.org === 'fr' ? 'cartebancaire' : 'visa',
    card_summary: '4242',
    authorized_at: iso(settled),
  };
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
