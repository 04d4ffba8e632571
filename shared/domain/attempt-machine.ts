/**
 * The attempt machine: every decision about one payment attempt, in one pure function.
 * step(attempt, event, now, policy) answers the attempt's next snapshot and the effects
 * to run (send, poll, timers), or an explicit refusal with its reason. The engine only
 * runs effects and reports what happened as events; the renderer never decides either.
 *
 * `now.ageMs` is the attempt's age on the MONOTONIC clock (deadline, backoff, key
 * lifetime, late watch are all ages); `now.wall` is only written into the snapshot.
 *
 * A lost 202 after the deadline (askBank): the bank keeps the first 202 per key for
 * 30 minutes and returns it "even if the body differs". So a manager may ask the bank by
 * resending the original key with the original amount plus a one-off marker in the
 * metadata: an answer WITHOUT the marker is the cached original (the customer's payment
 * exists; its id is now known and read), an answer WITH the marker is a new payment, so
 * the original never reached the bank and a new prompt is on the terminal. That new
 * prompt is the one risk, so the command exists only for a manager, only within the
 * key's 30 minutes, and only after they confirmed they stand at the terminal: they see
 * the prompt at once and cancel it there (or let the customer still present pay it,
 * which is then the sale's one payment). After 30 minutes the bank has forgotten the key
 * and any resend would be a new charge: then only the terminal's history can tell.
 */
import { ATTEMPT_DEADLINE_MS, type Attempt, type AttemptError, type AttemptResolution } from './attempt.js';
import { COMMANDS, commandRefusal, type Command } from './attempt-commands.js';
import { lateWatchDelay, pollDelay, resendDelay, type EnginePolicy } from './attempt-policy.js';
import type { PushOutcome, ReadOutcome } from './bank-outcomes.js';

export interface MachineNow {
  wall: number;
  /** Monotonic milliseconds since the attempt was created. */
  ageMs: number;
}

export type MachineEvent =
  | { type: 'pushAnswered'; outcome: PushOutcome }
  | { type: 'readAnswered'; outcome: ReadOutcome; reads: number; saleAlreadyPaidBy: string | null }
  | { type: 'deadline' }
  | { type: 'lateWatchEnded' }
  | { type: 'resendDue' }
  | { type: 'restored' }
  /** A manager signed the register in again: a send the ended session stopped may leave now, inside the deadline. */
  | { type: 'signedIn' }
  | { type: 'askBankAnswered'; outcome: PushOutcome }
  // The commands, named as the buttons and the IPC methods are (attempt-commands.ts guards them).
  | { type: 'resend' }
  | { type: 'checkAgain' }
  | { type: 'tryAgain'; by: string; saleAlreadyPaidBy: string | null }
  | { type: 'chargeAgain'; by: string; confirmedNoPayment: boolean; saleAlreadyPaidBy: string | null }
  | { type: 'abandon' }
  | { type: 'resolve'; resolution: Omit<AttemptResolution, 'at'> }
  | { type: 'askBank'; marker: string };

export type EventType = MachineEvent['type'];

export type Effect =
  | { type: 'send' }
  | { type: 'abortSend' }
  | { type: 'resendIn'; ms: number }
  | { type: 'cancelResend' }
  | { type: 'pollIn'; ms: number }
  | { type: 'deadlineIn'; ms: number }
  | { type: 'lateWatchEndIn'; ms: number }
  | { type: 'askBank' }
  | { type: 'stop' };

export type StepResult = { ok: true; attempt: Attempt; effects: Effect[] } | { ok: false; refusal: string };

export const INTERRUPTED: AttemptError = { kind: 'aborted', message: 'the app stopped before the bank answered; the outcome of that request is unknown' };
export const NO_ANSWER_BY_DEADLINE: AttemptError = { kind: 'timeout', message: 'no answer from the bank before the 120 s deadline' };

const refuse = (refusal: string): StepResult => ({ ok: false, refusal });
const to = (a: Attempt, now: MachineNow, patch: Partial<Attempt>, effects: Effect[] = []): StepResult => ({
  ok: true, attempt: { ...a, ...patch, updatedAt: now.wall }, effects,
});
const same = (a: Attempt, effects: Effect[] = []): StepResult => ({ ok: true, attempt: a, effects });

const pastDeadline = (now: MachineNow) => now.ageMs >= ATTEMPT_DEADLINE_MS;
const deadlineIn = (now: MachineNow): Effect => ({ type: 'deadlineIn', ms: Math.max(0, ATTEMPT_DEADLINE_MS - now.ageMs) });

/** Why a request with this attempt's key may not leave now, or null. Never after the deadline, never with a forgotten key. */
export function sendRefusal(a: Attempt, now: MachineNow, policy: EnginePolicy): string | null {
  if (a.abandoned) return 'attempt was abandoned; it is no longer sent';
  if (pastDeadline(now)) return 'the 120 s deadline has passed; nothing is sent after it';
  if (now.ageMs >= policy.idempotencyKeyTtlMs) return 'the idempotency key is too old to be reused safely';
  return null;
}

/** The next automatic resend after a failed send, if the deadline leaves room for it. */
function autoResend(a: Attempt, now: MachineNow, policy: EnginePolicy, afterMs?: number): Effect[] {
  const delay = resendDelay(policy, a.sends);
  if (a.abandoned || a.lastError?.kind === 'session_ended' || delay === null) return [];
  const ms = Math.max(delay, afterMs ?? 0);
  return now.ageMs + ms < ATTEMPT_DEADLINE_MS ? [{ type: 'resendIn', ms }] : [];
}

/** Polls inside the deadline, then the late watch; nothing once the late watch is over. */
function nextPoll(now: MachineNow, policy: EnginePolicy, reads: number): Effect[] {
  if (!pastDeadline(now)) return [{ type: 'pollIn', ms: pollDelay(policy, reads) }];
  const late = lateWatchDelay(policy, now.ageMs);
  return late === null ? [] : [{ type: 'pollIn', ms: late }];
}

function watchUntilLateEnd(now: MachineNow, policy: EnginePolicy): Effect {
  return { type: 'lateWatchEndIn', ms: Math.max(0, ATTEMPT_DEADLINE_MS + policy.lateWatchMs - now.ageMs) };
}

function onPush(a: Attempt, o: PushOutcome, now: MachineNow, policy: EnginePolicy): StepResult {
  if (a.state !== 'sending') return refuse(`attempt is ${a.state}; no request of it is on the wire`);
  switch (o.kind) {
    case 'accepted':
      return to(a, now, { state: 'accepted', paymentId: o.paymentId, lastError: null }, [{ type: 'pollIn', ms: pollDelay(policy, 0) }, deadlineIn(now)]);
    case 'finalRejection':
      // Only the FIRST send can be rejected: on a resend an earlier request with this key may
      // already have made the payment, and a 4xx now says nothing about it. Unknown, then.
      if (a.sends === 1) return to(a, now, { state: 'rejected', lastError: o.error, failureReason: o.reason }, [{ type: 'stop' }]);
      // The same request would meet the same answer: no automatic resend, the deadline decides.
      return failed(a, o.error, now, policy, undefined, false);
    case 'unknown':
      return failed(a, o.error, now, policy, o.afterMs);
    case 'sessionEnded':
      return failed(a, o.error, now, policy);
  }
}

function failed(a: Attempt, error: AttemptError, now: MachineNow, policy: EnginePolicy, afterMs?: number, resend = true): StepResult {
  const next = { ...a, state: 'send_failed' as const, lastError: error };
  return to(a, now, { state: 'send_failed', lastError: error }, [deadlineIn(now), ...(resend ? autoResend(next, now, policy, afterMs) : [])]);
}

function onRead(a: Attempt, e: Extract<MachineEvent, { type: 'readAnswered' }>, now: MachineNow, policy: EnginePolicy): StepResult {
  if (a.state !== 'accepted' && a.state !== 'timed_out') return refuse(`attempt is ${a.state}; there is no open payment to read`);
  if (a.paymentId === null) return refuse('the bank never named this payment; there is nothing to read');
  const lateOutcome = a.state === 'timed_out';
  const o = e.outcome;
  switch (o.kind) {
    case 'pending':
    case 'unknown':
      return same(a, nextPoll(now, policy, e.reads));
    case 'refused':
      return to(a, now, { state: 'refused', failureReason: o.reason, lateOutcome }, [{ type: 'stop' }]);
    case 'authorized': {
      // Without authorized_amount the terminal charged what it was sent.
      const authorized = o.amountMinor ?? a.amountMinor;
      const tip = o.tipMinor ?? (authorized > a.amountMinor ? authorized - a.amountMinor : null);
      // Paid although the sale was paid by another attempt, charged again, or walked away from.
      const possibleDuplicate = e.saleAlreadyPaidBy !== null || a.abandoned || a.retriedBy !== null;
      return to(a, now, {
        state: 'authorized', authorizedAmountMinor: authorized, tipMinor: tip && tip > 0 ? tip : null,
        cardSummary: o.last4, paymentMethod: o.method, lateOutcome, possibleDuplicate,
      }, [{ type: 'stop' }]);
    }
  }
}

function onAskAnswer(a: Attempt, o: PushOutcome, now: MachineNow, policy: EnginePolicy): StepResult {
  const ask = a.bankAsked;
  if (a.state !== 'timed_out' || ask?.answer !== 'pending') return refuse('nobody asked the bank about this attempt');
  if (o.kind !== 'accepted') return to(a, now, { bankAsked: { ...ask, answer: 'failed' }, lastError: o.error });
  const answer = o.metadata?.counterpay_ask === ask.marker ? 'new_prompt' : 'original';
  return to(a, now, { paymentId: o.paymentId, bankAsked: { ...ask, answer }, lastError: null }, [{ type: 'pollIn', ms: 0 }, watchUntilLateEnd(now, policy)]);
}

function onRestored(a: Attempt, now: MachineNow, policy: EnginePolicy): StepResult {
  switch (a.state) {
    case 'sending':
      // The request may or may not have reached the bank: resent at once with the ORIGINAL key.
      return to(a, now, { state: 'send_failed', lastError: INTERRUPTED }, [deadlineIn(now), ...(sendRefusal(a, now, policy) ? [] : [{ type: 'resendIn', ms: 0 } as const])]);
    case 'send_failed':
      return same(a, [deadlineIn(now), ...(sendRefusal(a, now, policy) ? [] : [{ type: 'resendIn', ms: 0 } as const])]);
    case 'accepted':
      return same(a, [deadlineIn(now), ...nextPoll(now, policy, 0)]);
    case 'timed_out':
      return same(a, a.paymentId !== null && lateWatchDelay(policy, now.ageMs) !== null ? [...nextPoll(now, policy, 0), watchUntilLateEnd(now, policy)] : []);
    default:
      return same(a);
  }
}

export function step(a: Attempt, e: MachineEvent, now: MachineNow, policy: EnginePolicy): StepResult {
  switch (e.type) {
    case 'pushAnswered':
      return onPush(a, e.outcome, now, policy);
    case 'readAnswered':
      return onRead(a, e, now, policy);
    case 'askBankAnswered':
      return onAskAnswer(a, e.outcome, now, policy);
    case 'restored':
      return onRestored(a, now, policy);
    case 'deadline':
      if (!pastDeadline(now)) return refuse('the deadline has not passed yet');
      if (a.state === 'sending') return same(a, [{ type: 'abortSend' }]);
      if (a.state === 'send_failed') return to(a, now, { state: 'timed_out' }, [{ type: 'cancelResend' }]);
      if (a.state === 'accepted') return to(a, now, { state: 'timed_out' }, [...nextPoll(now, policy, 0), watchUntilLateEnd(now, policy)]);
      return refuse(`attempt is ${a.state}; the deadline changes nothing`);
    case 'lateWatchEnded':
      if (a.state !== 'timed_out') return refuse(`attempt is ${a.state}; it is not in the late watch`);
      return same(a, [{ type: 'stop' }]);
    case 'resendDue':
    case 'signedIn': {
      if (a.state !== 'send_failed') return refuse(`attempt is ${a.state}; only a failed send can be resent`);
      const why = sendRefusal(a, now, policy);
      if (why) return refuse(why);
      if (e.type === 'resendDue' && a.lastError?.kind === 'session_ended') return refuse('the bank session ended; the payment waits for a manager to sign in');
      return to(a, now, { state: 'sending', sends: a.sends + 1 }, [...(e.type === 'signedIn' ? [{ type: 'cancelResend' } as const] : []), { type: 'send' }, deadlineIn(now)]);
    }
    default:
      return onCommand(a, e, now, policy);
  }
}

type CommandEvent = Extract<MachineEvent, { type: Command }>;

/** A cashier's or manager's command: first the guard table (what the buttons offer), then what only time decides. */
function onCommand(a: Attempt, e: CommandEvent, now: MachineNow, policy: EnginePolicy): StepResult {
  const guarded = commandRefusal(a, e.type);
  if (guarded !== null) return refuse(guarded);
  switch (e.type) {
    case 'resend': {
      const why = sendRefusal(a, now, policy);
      return why ? refuse(why) : to(a, now, { state: 'sending', sends: a.sends + 1 }, [{ type: 'send' }, deadlineIn(now)]);
    }
    case 'checkAgain':
      // The engine reads the payment at once and reports the answer as readAnswered.
      return same(a);
    case 'tryAgain':
    case 'chargeAgain':
      if (e.type === 'chargeAgain' && !e.confirmedNoPayment) return refuse('the outcome is unknown: check the terminal and confirm it shows no payment before charging again');
      // A timed-out attempt of this sale may have been authorized late: then the customer has paid.
      if (e.saleAlreadyPaidBy !== null) return refuse('this sale is already paid by an earlier attempt: it must not be charged again');
      return to(a, now, { retriedBy: e.by });
    case 'abandon':
      // Still watched: a payment made after the abandon must be seen (and flagged).
      return to(a, now, { abandoned: true }, [{ type: 'cancelResend' }]);
    case 'resolve':
      if (e.resolution.note.trim() === '') return refuse(e.resolution.kind === 'refunded_outside' ? 'say how the customer was refunded' : 'say why it is not a duplicate');
      return to(a, now, { resolution: { ...e.resolution, at: now.wall } });
    case 'askBank':
      if (now.ageMs >= policy.idempotencyKeyTtlMs) return refuse('the bank forgets a payment\'s key after 30 minutes: asking now would make a new charge; check the terminal\'s history instead');
      return to(a, now, { bankAsked: { marker: e.marker, at: now.wall, answer: 'pending' } }, [{ type: 'askBank' }]);
  }
}

/** Every event type, for table tests and exhaustive handling. */
export const EVENT_TYPES: readonly EventType[] = [
  'pushAnswered', 'readAnswered', 'deadline', 'lateWatchEnded', 'resendDue', 'restored', 'signedIn', 'askBankAnswered',
  ...COMMANDS,
];
