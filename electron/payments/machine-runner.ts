/**
 * Runs the attempt machine: applies an event to the current attempt (inside the store's
 * lock, so a poll answer, a timer and a cashier command never act on a stale copy),
 * journals the result, then runs the effects the machine asked for. Sends, reads and
 * timers decide nothing: they only report what happened as the next event.
 */
import type { RecordBy } from './journal-envelope.js';
import type { Attempt } from '../../shared/domain/attempt.js';
import { salePaidBy } from '../../shared/domain/attempt-rules.js';
import { NO_ANSWER_BY_DEADLINE, step, type Effect, type MachineEvent } from '../../shared/domain/attempt-machine.js';
import type { CallSignal, PushOutcome, PushRequest } from '../../shared/domain/bank-outcomes.js';
import type { StopSignal } from '../../shared/domain/stop-signal.js';
import { logFields, type EngineContext } from './engine-context.js';

export interface Applied {
  attempt: Attempt | undefined;
  /** The machine's reason when it refused the event; null when it was applied. */
  refusal: string | null;
}

/** The event may depend on the attempt as it stands when the lock is taken (e.g. "is the sale paid already?"). */
export type EventFor = MachineEvent | ((current: Attempt) => MachineEvent);

/**
 * Who a record the bank's answer or a timer wrote names: the attempt's own cashier (nobody when it
 * had none), never whoever happens to be signed in when it arrives, so "who took it" stays the
 * person who started the sale.
 */
export const itsCashier = (a: Attempt): RecordBy => a.cashier ?? '';

/** `by`: who the record names when not the person at the counter (a manager's command, the attempt's cashier for the bank's answers). */
export async function apply(ctx: EngineContext, id: string, event: EventFor, by?: RecordBy | ((current: Attempt) => RecordBy)): Promise<Applied> {
  let refusal: string | null = null;
  let effects: Effect[] = [];
  const attempt = await ctx.store.update(id, (cur) => {
    const e = typeof event === 'function' ? event(cur) : event;
    const r = step(cur, e, { wall: ctx.clock.now(), ageMs: ctx.ages.age(cur) }, ctx.policy);
    if (!r.ok) {
      refusal = r.refusal;
      return null;
    }
    effects = r.effects;
    return r.attempt === cur ? null : r.attempt;
  }, by);
  if (attempt && !ctx.isClosed()) run(ctx, attempt, effects);
  return { attempt, refusal };
}

/** Background form of apply: a refusal is normal there (a timer that lost a race), so it is only logged at debug level. */
function applyLater(ctx: EngineContext, name: string, id: string, event: EventFor): void {
  ctx.tasks.run(`${name} ${id}`, () => apply(ctx, id, event, itsCashier));
}

export function run(ctx: EngineContext, a: Attempt, effects: readonly Effect[]): void {
  for (const fx of effects) {
    switch (fx.type) {
      case 'send':
        launchPush(ctx, a, 'send');
        break;
      case 'askBank':
        launchPush(ctx, a, 'ask');
        break;
      case 'abortSend':
        // A request still on the wire is cut; its answer reports the missed deadline.
        if (!ctx.timers.abortRequests(a.id, 'send', 'deadline')) {
          applyLater(ctx, 'deadline', a.id, { type: 'pushAnswered', outcome: { kind: 'unknown', error: NO_ANSWER_BY_DEADLINE } });
        }
        break;
      case 'resendIn':
        ctx.timers.set(a.id, 'resend', fx.ms, () => applyLater(ctx, 'resend', a.id, { type: 'resendDue' }));
        break;
      case 'cancelResend':
        ctx.timers.cancel(a.id, 'resend');
        break;
      case 'pollIn':
        // One read loop per attempt: a read scheduled or on the wire schedules the next one itself.
        if (!ctx.timers.hasRequest(a.id, 'poll') && !ctx.timers.has(a.id, 'poll')) ctx.timers.set(a.id, 'poll', fx.ms, () => launchRead(ctx, a.id));
        break;
      case 'deadlineIn':
        if (!ctx.timers.has(a.id, 'deadline')) ctx.timers.set(a.id, 'deadline', fx.ms, () => applyLater(ctx, 'deadline', a.id, { type: 'deadline' }));
        break;
      case 'lateWatchEndIn':
        if (!ctx.timers.has(a.id, 'late')) ctx.timers.set(a.id, 'late', fx.ms, () => applyLater(ctx, 'late watch end', a.id, { type: 'lateWatchEnded' }));
        break;
      case 'stop':
        ctx.timers.cancel(a.id, 'deadline', 'resend', 'poll', 'late');
        if (a.state === 'timed_out') ctx.logger.warn('late watch over: outcome still unknown, check the terminal', logFields(a));
        break;
    }
  }
}

/**
 * The push of an attempt that just entered 'sending' (or a manager's ask): its answer comes back as an event.
 * `durable` (a new attempt's first send): the request is prepared now, while its creation record is
 * being fsync'd, and written only once that succeeds; if it fails, nothing leaves and the answer is dropped.
 */
export function launchPush(ctx: EngineContext, a: Attempt, slot: 'send' | 'ask', durable?: Promise<unknown>): void {
  const request = ctx.timers.openRequest(a.id, slot);
  const metadata = slot === 'ask' && a.bankAsked ? { ...a.metadata, counterpay_ask: a.bankAsked.marker } : a.metadata;
  const req = { terminalId: a.terminalId, amountMinor: a.amountMinor, currency: a.currency, metadata, idempotencyKey: a.idempotencyKey };
  const call = pushNow(ctx, req, durable ? { signal: request.signal, release: durable } : { signal: request.signal });
  // A send needs no line of its own: its commit logs "attempt sending", and the client logs the request.
  if (slot === 'ask') ctx.logger.info('asking the bank about a lost answer', logFields(a));
  ctx.tasks.after(`${slot} ${a.id}`, call, async (result) => {
    request.done();
    // Closing: the journal still says 'sending' and the next start resends with the same key.
    if (ctx.isClosed()) return;
    const outcome = pushOutcome(result, request.signal);
    const { attempt } = await apply(ctx, a.id, slot === 'ask' ? { type: 'askBankAnswered', outcome } : { type: 'pushAnswered', outcome }, itsCashier);
    if (attempt && outcome.kind !== 'accepted') ctx.logger.warn(`terminal payment ${attempt.state}`, { ...logFields(attempt), error: attempt.lastError?.message });
  });
}

/** The port never throws by contract; a throw all the same becomes a rejected call, as an answer that never came. */
function pushNow(ctx: EngineContext, req: PushRequest, opts: CallSignal): Promise<PushOutcome> {
  try {
    return ctx.bank.push(req, opts);
  } catch (e) {
    return Promise.reject(e);
  }
}

function pushOutcome(result: PromiseSettledResult<PushOutcome>, signal: StopSignal): PushOutcome {
  // A 202 that arrived is a 202, even if the deadline fired meanwhile.
  if (result.status === 'fulfilled' && result.value.kind === 'accepted') return result.value;
  if (signal.reason === 'deadline') return { kind: 'unknown', error: NO_ANSWER_BY_DEADLINE };
  if (result.status === 'fulfilled') return result.value;
  return { kind: 'unknown', error: { kind: 'network', message: result.reason instanceof Error ? result.reason.message : String(result.reason) } };
}

function launchRead(ctx: EngineContext, id: string): void {
  const paymentId = ctx.store.get(id)?.paymentId;
  if (!paymentId) return;
  const request = ctx.timers.openRequest(id, 'poll');
  const call = Promise.resolve().then(() => ctx.bank.read(paymentId, { signal: request.signal }));
  ctx.tasks.after(`poll ${id}`, call, async (result) => {
    request.done();
    if (ctx.isClosed()) return;
    const outcome = result.status === 'fulfilled' ? result.value : { kind: 'unknown' as const, error: { kind: 'network' as const, message: String(result.reason) } };
    if (outcome.kind === 'unknown') ctx.logger.warn('terminal payment read failed; will read again', { attemptId: id, error: outcome.error.message });
    await recordRead(ctx, id, outcome, itsCashier);
  });
}

/** Applies a read's answer; the machine flags a second authorization of one sale as a possible duplicate. `by`: as apply's. */
export async function recordRead(
  ctx: EngineContext, id: string, outcome: Extract<MachineEvent, { type: 'readAnswered' }>['outcome'], by?: (current: Attempt) => RecordBy,
): Promise<Applied> {
  const reads = (ctx.reads.get(id) ?? 0) + 1;
  ctx.reads.set(id, reads);
  const applied = await apply(ctx, id, (cur) => ({
    type: 'readAnswered', outcome, reads,
    saleAlreadyPaidBy: salePaidBy(ctx.store.all(), cur),
  }), by);
  const a = applied.attempt;
  if (a?.state === 'authorized' && a.possibleDuplicate) {
    ctx.logger.warn('possible duplicate payment: a manager must check it and resolve it', logFields(a));
  } else if (a?.lateOutcome && (a.state === 'authorized' || a.state === 'refused')) {
    ctx.logger.warn(`late outcome recorded: ${a.state}`, logFields(a));
  }
  return applied;
}
