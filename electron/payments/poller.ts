/**
 * Reads the outcome of an accepted payment: every 1 s then 2 s inside the
 * deadline, then the late watch (10 s, then 30 s, for 30 min) once it timed
 * out. A read error is never an outcome; the next read simply follows.
 */
import { isFinal, type Attempt } from '../../shared/domain/attempt.js';
import { transition } from './attempt-states.js';
import { logFields, type EngineContext } from './engine-context.js';
import { readPaymentOutcome, type PaymentOutcome } from './outcome.js';
import { lateWatchDelay, pollDelay } from './policy.js';

/** Starts the poll loop unless it is already running (a read scheduled or on the wire). */
export function startPolling(ctx: EngineContext, id: string): void {
  const a = ctx.store.get(id);
  if (a && !ctx.timers.has(id, 'poll') && !ctx.timers.hasRequest(id, 'poll')) scheduleNext(ctx, a, 0);
}

function scheduleNext(ctx: EngineContext, a: Attempt, n: number): void {
  const now = ctx.clock.now();
  const delay = now < a.deadlineAt ? pollDelay(ctx.policy, n) : lateWatchDelay(ctx.policy, a.deadlineAt, now);
  if (delay === null) {
    ctx.logger.warn('late watch over: outcome still unknown, check the terminal', logFields(a));
    return;
  }
  ctx.timers.set(a.id, 'poll', delay, () => pollInBackground(ctx, a.id, n + 1));
}

function pollInBackground(ctx: EngineContext, id: string, n: number): void {
  const read = startRead(ctx, id, 'poll');
  if (!read) return;
  ctx.tasks.after(`poll ${id}`, read, async (result) => {
    if (result.status === 'fulfilled') await recordOutcome(ctx, id, result.value);
    else if (!ctx.isClosed()) ctx.logger.warn('terminal payment read failed; will read again', { attemptId: id, error: errorText(result.reason) });
    const a = ctx.store.get(id);
    // scheduleNext decides between the next read and the end of the late watch.
    if (a && !isFinal(a.state) && !ctx.isClosed() && !ctx.timers.has(id, 'poll')) scheduleNext(ctx, a, n);
  });
}

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** GETs the payment; resolves its outcome, or null while it is not final. */
function startRead(ctx: EngineContext, id: string, slot: 'poll' | 'recheck'): Promise<PaymentOutcome | null> | null {
  const paymentId = ctx.store.get(id)?.paymentId;
  if (!paymentId) return null;
  const request = ctx.timers.openRequest(id, slot);
  return Promise.resolve()
    .then(() => ctx.port.getPayment(paymentId, { signal: request.signal }))
    .then((payment) => readPaymentOutcome(payment, paymentId))
    .finally(request.done);
}

/** Reads the payment once, now, and records a final outcome. Throws what the read threw (recheck shows it). */
export async function pollOnce(ctx: EngineContext, id: string): Promise<Attempt | undefined> {
  const read = startRead(ctx, id, 'recheck');
  if (!read) return ctx.store.get(id);
  return recordOutcome(ctx, id, await read);
}

async function recordOutcome(ctx: EngineContext, id: string, outcome: PaymentOutcome | null): Promise<Attempt | undefined> {
  if (!outcome || ctx.isClosed()) return ctx.store.get(id);
  let duplicateOf: string | undefined;
  let recorded = false;
  const next = await ctx.store.update(id, (cur) => {
    if (cur.state !== 'accepted' && cur.state !== 'timed_out') return null;
    recorded = true;
    const now = ctx.clock.now();
    const lateOutcome = cur.state === 'timed_out';
    if (outcome.state === 'refused') return transition(cur, 'refused', now, { failureReason: outcome.failureReason, lateOutcome });
    // Another attempt of the same sale already authorized: the customer may have paid twice.
    duplicateOf = ctx.store.all().find((o) => o.saleId === cur.saleId && o.id !== cur.id && o.state === 'authorized')?.id;
    return transition(cur, 'authorized', now, {
      // Without authorized_amount the terminal charged what it was sent.
      authorizedAmountMinor: outcome.authorizedAmountMinor ?? cur.amountMinor,
      cardSummary: outcome.cardSummary,
      paymentMethod: outcome.paymentMethod,
      lateOutcome,
      possibleDuplicate: duplicateOf !== undefined,
    });
  });
  if (!recorded || !next) return next;
  if (duplicateOf) {
    ctx.logger.warn('possible duplicate payment: the same sale was authorized twice, a manager must refund one', { ...logFields(next), otherAttemptId: duplicateOf });
  } else if (next.lateOutcome) {
    ctx.logger.warn(`late outcome recorded: ${next.state}`, logFields(next));
  }
  return next;
}
