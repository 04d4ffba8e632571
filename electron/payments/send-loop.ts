/**
 * The network side of sending: one request per entry into 'sending', and the
 * automatic resends (same key, backoff 1-2-4-8 s or the bank's Retry-After)
 * while the deadline and the key's lifetime allow.
 */
import type { Attempt } from '../../shared/domain/attempt.js';
import { maySend, transition } from './attempt-states.js';
import { INTERRUPTED, NO_ANSWER_BY_DEADLINE, logFields, type EngineContext, type ReactHint } from './engine-context.js';
import { classifyAccepted, classifySendError, type SendOutcome } from './outcome.js';

/** Why this attempt may not be resent now, or null when it may. */
export function resendRefusal(a: Attempt, now: number, ctx: EngineContext): string | null {
  if (a.state !== 'send_failed') return `attempt is ${a.state}; only a failed send can be resent`;
  if (a.abandoned) return 'attempt was abandoned; it is no longer sent';
  if (now >= a.deadlineAt) return 'the 120 s deadline has passed; nothing is sent after it';
  if (!maySend(a, now, ctx.policy)) return 'the idempotency key is too old to be reused safely';
  return null;
}

/** send_failed -> sending (same key) if still allowed; the state change launches the request. */
export async function resendNow(ctx: EngineContext, id: string): Promise<{ attempt: Attempt | undefined; refusal: string | null }> {
  ctx.timers.cancel(id, 'resend');
  let refusal: string | null = null;
  const attempt = await ctx.store.update(id, (cur) => {
    const now = ctx.clock.now();
    refusal = resendRefusal(cur, now, ctx);
    return refusal === null ? transition(cur, 'sending', now, { sends: cur.sends + 1 }) : null;
  });
  return { attempt, refusal };
}

/** Plans the next automatic resend after a failure; none left means the cashier decides (resend()). */
export function scheduleAutoResend(ctx: EngineContext, a: Attempt, hint: ReactHint): void {
  if (a.abandoned) return;
  const base = hint.resumeNow ? 0 : ctx.policy.resendBackoffMs[a.sends - 1];
  if (base === undefined) return;
  const delay = Math.max(base, hint.retryAfterMs ?? 0);
  if (!maySend(a, ctx.clock.now() + delay, ctx.policy)) return;
  ctx.timers.set(a.id, 'resend', delay, () => ctx.tasks.run(`resend ${a.id}`, () => resendNow(ctx, a.id)));
}

/** Starts the request of an attempt that just entered 'sending'; its answer is handled as a task. */
export function launchSend(ctx: EngineContext, id: string): void {
  const a = ctx.store.get(id);
  if (!a || a.state !== 'sending') return;
  const request = ctx.timers.openRequest(id, 'send');
  ctx.logger.info('terminal payment sent', logFields(a));
  const push = { amountMinor: a.amountMinor, currency: a.currency, metadata: a.metadata };
  const call = Promise.resolve().then(() => ctx.port.createPayment(a.terminalId, push, a.idempotencyKey, { signal: request.signal }));
  ctx.tasks.after(`send ${id}`, call, async (result) => {
    request.done();
    // Closing: the journal still says 'sending' and the next start resends with the same key.
    if (ctx.isClosed()) return;
    await recordSendOutcome(ctx, id, sendOutcome(result, request.signal));
  });
}

function sendOutcome(result: PromiseSettledResult<unknown>, signal: AbortSignal): SendOutcome {
  // A 202 that arrived is a 202, even if the deadline fired meanwhile.
  if (result.status === 'fulfilled') return classifyAccepted(result.value);
  const reason: unknown = signal.reason;
  if (reason === 'deadline') return { kind: 'failed', error: NO_ANSWER_BY_DEADLINE };
  if (reason === 'close') return { kind: 'failed', error: INTERRUPTED };
  return classifySendError(result.reason);
}

async function recordSendOutcome(ctx: EngineContext, id: string, outcome: SendOutcome): Promise<void> {
  const hint: ReactHint = outcome.kind === 'failed' && outcome.retryAfterMs !== undefined ? { retryAfterMs: outcome.retryAfterMs } : {};
  const next = await ctx.store.update(id, (cur) => {
    if (cur.state !== 'sending') return null;
    const now = ctx.clock.now();
    if (outcome.kind === 'accepted') return transition(cur, 'accepted', now, { paymentId: outcome.paymentId, lastError: null });
    // Only the FIRST send can be rejected. On a resend an earlier request with this key may already
    // have made the payment, and a 4xx now (a scope lost at re-sign-in, another organization) says
    // nothing about it: 'rejected' would allow a retry with a new key without the cashier's
    // confirmation. The outcome stays unknown, so the attempt times out at its deadline instead.
    if (outcome.kind === 'rejected' && cur.sends === 1) return transition(cur, 'rejected', now, { lastError: outcome.error, failureReason: outcome.reason });
    return transition(cur, 'send_failed', now, { lastError: outcome.error });
  }, hint);
  if (next && outcome.kind !== 'accepted') ctx.logger.warn(`terminal payment ${next.state}`, { ...logFields(next), error: next.lastError?.message });
}
