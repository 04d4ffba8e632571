import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { AttemptState } from './attempt.js';
import { commandsAllowed } from './attempt-commands.js';
import { EVENT_TYPES, step, type EventType, type MachineNow } from './attempt-machine.js';
import { inState, SAMPLE, T0 } from '../testing/attempt-samples.js';
import { DEFAULT_POLICY } from './attempt-policy.js';

/** Which (state, event) pairs are transitions; every other pair must be an explicit refusal. */
const TRANSITIONS: Record<AttemptState, EventType[]> = {
  sending: ['pushAnswered', 'deadline', 'abandon', 'restored'],
  send_failed: ['deadline', 'abandon', 'resendDue', 'signedIn', 'resend', 'restored'],
  accepted: ['readAnswered', 'deadline', 'abandon', 'checkAgain', 'restored'],
  timed_out: ['lateWatchEnded', 'abandon', 'chargeAgain', 'restored', 'askBank'],
  authorized: ['resolve', 'restored'],
  refused: ['tryAgain', 'restored'],
  rejected: ['tryAgain', 'restored'],
};
const inside: MachineNow = { wall: T0 + 1000, ageMs: 1000 };
const past: MachineNow = { wall: T0 + 121_000, ageMs: 121_000 };
const at = (ms: number): MachineNow => ({ wall: T0 + ms, ageMs: ms });

describe('attempt machine table', () => {
  for (const state of Object.keys(inState) as AttemptState[]) {
    for (const type of EVENT_TYPES) {
      const expected = TRANSITIONS[state].includes(type) ? 'transition' : 'refusal';
      test(`${state} × ${type} → ${expected}`, () => {
        // The deadline only means something once it has passed; everything else is tried inside it.
        const r = step(inState[state], SAMPLE[type], type === 'deadline' ? past : inside, DEFAULT_POLICY);
        if (expected === 'transition') assert.equal(r.ok, true, r.ok ? '' : r.refusal);
        else assert.ok(!r.ok && r.refusal.length > 10, 'a refusal says why');
      });
    }
  }
});

describe('attempt machine rules', () => {
  test('a failed send is resent with backoff until the deadline, never at or after it', () => {
    let a = inState.sending;
    const times: number[] = [];
    let now = 0;
    for (;;) {
      const failed = step(a, { type: 'pushAnswered', outcome: { kind: 'unknown', error: { kind: 'reset', message: 'x' } } }, at(now), DEFAULT_POLICY);
      assert.ok(failed.ok);
      const resend = failed.effects.find((e) => e.type === 'resendIn');
      if (!resend || resend.type !== 'resendIn') break;
      now += resend.ms;
      const sent = step(failed.attempt, { type: 'resendDue' }, at(now), DEFAULT_POLICY);
      assert.ok(sent.ok);
      times.push(now);
      a = sent.attempt;
    }
    assert.deepEqual(times.slice(0, 5), [1000, 3000, 7000, 15000, 23000], '1-2-4-8 s, then every 8 s');
    assert.ok(times.length > 10 && times[times.length - 1]! < 120_000, `resends until ${times[times.length - 1]}`);
    const late = step({ ...a, state: 'send_failed' }, { type: 'resend' }, past, DEFAULT_POLICY);
    assert.equal(late.ok, false);
  });

  test('an ended session is not resent automatically; a new sign-in (or the cashier) sends it', () => {
    const r = step(inState.sending, { type: 'pushAnswered', outcome: { kind: 'sessionEnded', error: { kind: 'session_ended', message: 'ended' } } }, inside, DEFAULT_POLICY);
    assert.ok(r.ok);
    assert.equal(r.attempt.state, 'send_failed');
    assert.equal(r.effects.some((e) => e.type === 'resendIn'), false);
    assert.equal(step(r.attempt, { type: 'resendDue' }, inside, DEFAULT_POLICY).ok, false);
    assert.equal(step(r.attempt, { type: 'resend' }, inside, DEFAULT_POLICY).ok, true);
    const signedIn = step(r.attempt, { type: 'signedIn' }, inside, DEFAULT_POLICY);
    assert.ok(signedIn.ok && signedIn.attempt.state === 'sending' && signedIn.effects.some((e) => e.type === 'send'), 'a new sign-in sends it with its key');
    assert.equal(step(r.attempt, { type: 'signedIn' }, past, DEFAULT_POLICY).ok, false, 'never after the deadline');
    assert.equal(step({ ...r.attempt, abandoned: true }, { type: 'signedIn' }, inside, DEFAULT_POLICY).ok, false, 'never once abandoned');
  });

  test('tips: the bank\'s tip_amount when present, else authorized minus asked', () => {
    const read = (amountMinor: number | null, tipMinor: number | null) =>
      step(inState.accepted, { type: 'readAnswered', outcome: { kind: 'authorized', amountMinor, tipMinor, method: 'visa', last4: '4242' }, reads: 1, saleAlreadyPaidBy: null }, inside, DEFAULT_POLICY);
    const withTip = read(1200, 150);
    assert.ok(withTip.ok && withTip.attempt.tipMinor === 150 && withTip.attempt.authorizedAmountMinor === 1200);
    const derived = read(1200, null);
    assert.ok(derived.ok && derived.attempt.tipMinor === 200);
    const none = read(null, null);
    assert.ok(none.ok && none.attempt.tipMinor === null && none.attempt.authorizedAmountMinor === 1000);
  });

  test('paid after it was abandoned, or after the sale was charged again, is a possible duplicate until resolved', () => {
    const auth = { kind: 'authorized', amountMinor: 1000, tipMinor: null, method: null, last4: null } as const;
    const abandoned = step({ ...inState.accepted, abandoned: true }, { type: 'readAnswered', outcome: auth, reads: 1, saleAlreadyPaidBy: null }, inside, DEFAULT_POLICY);
    assert.ok(abandoned.ok && abandoned.attempt.possibleDuplicate);
    assert.deepEqual(commandsAllowed(abandoned.attempt), ['resolve']);
    const retried = step({ ...inState.timed_out, paymentId: 'p1', retriedBy: 'a2' }, { type: 'readAnswered', outcome: auth, reads: 1, saleAlreadyPaidBy: null }, past, DEFAULT_POLICY);
    assert.ok(retried.ok && retried.attempt.possibleDuplicate && retried.attempt.lateOutcome);
    const plain = step(inState.accepted, { type: 'readAnswered', outcome: auth, reads: 1, saleAlreadyPaidBy: null }, inside, DEFAULT_POLICY);
    assert.ok(plain.ok && !plain.attempt.possibleDuplicate);
    const resolved = step(abandoned.attempt, { type: 'resolve', resolution: { kind: 'not_a_duplicate', note: 'the customer paid only once' } }, inside, DEFAULT_POLICY);
    assert.ok(resolved.ok && resolved.attempt.resolution?.kind === 'not_a_duplicate' && resolved.attempt.resolution.at === inside.wall);
    assert.equal(step(resolved.attempt, SAMPLE.resolve, inside, DEFAULT_POLICY).ok, false, 'resolved once');
    assert.equal(step(abandoned.attempt, { type: 'resolve', resolution: { kind: 'refunded_outside', note: '  ' } }, inside, DEFAULT_POLICY).ok, false, 'a note is required');
  });

  test('an abandoned attempt is still watched: polls continue, resends stop', () => {
    const r = step(inState.send_failed, { type: 'abandon' }, inside, DEFAULT_POLICY);
    assert.ok(r.ok);
    assert.deepEqual(r.effects, [{ type: 'cancelResend' }]);
    assert.equal(step(r.attempt, { type: 'resendDue' }, inside, DEFAULT_POLICY).ok, false);
    const polled = step({ ...inState.accepted, abandoned: true }, SAMPLE.readAnswered, inside, DEFAULT_POLICY);
    assert.ok(polled.ok && polled.effects.some((e) => e.type === 'pollIn'));
  });

  test('the ask-the-bank answer: without the marker the original payment, with it a new prompt', () => {
    const asked = step(inState.timed_out, { type: 'askBank', marker: 'm1' }, past, DEFAULT_POLICY);
    assert.ok(asked.ok && asked.attempt.bankAsked?.answer === 'pending');
    const original = step(asked.attempt, { type: 'askBankAnswered', outcome: { kind: 'accepted', paymentId: 'p1', metadata: { order: 'A' } } }, past, DEFAULT_POLICY);
    assert.ok(original.ok && original.attempt.bankAsked?.answer === 'original' && original.attempt.paymentId === 'p1');
    const fresh = step(asked.attempt, { type: 'askBankAnswered', outcome: { kind: 'accepted', paymentId: 'p2', metadata: { counterpay_ask: 'm1' } } }, past, DEFAULT_POLICY);
    assert.ok(fresh.ok && fresh.attempt.bankAsked?.answer === 'new_prompt');
    assert.equal(step(inState.timed_out, SAMPLE.askBank, at(30 * 60_000), DEFAULT_POLICY).ok, false, 'the key is forgotten after 30 minutes');
  });

  test('the step is pure: the input attempt is never changed', () => {
    const before = structuredClone(inState.accepted);
    step(inState.accepted, SAMPLE.deadline, past, DEFAULT_POLICY);
    step(inState.accepted, SAMPLE.abandon, inside, DEFAULT_POLICY);
    assert.deepEqual(inState.accepted, before);
  });
});
