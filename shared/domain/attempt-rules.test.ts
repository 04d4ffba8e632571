import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ATTEMPT_DEADLINE_MS } from './attempt.js';
import { DEFAULT_POLICY } from './attempt-policy.js';
import { carriedToNextDay, keepsDayOpen, mayReleaseLease, requestOnTheWire, salePaidBy, wallAge } from './attempt-rules.js';
import { base, inState, T0 } from '../testing/attempt-samples.js';

const LATE_END = ATTEMPT_DEADLINE_MS + DEFAULT_POLICY.lateWatchMs;

describe('register-side attempt rules', () => {
  test('a released timed-out attempt leaves the open set once its late watch is over', () => {
    const t = { ...inState.timed_out, paymentId: 'p', abandoned: true };
    assert.equal(carriedToNextDay(t, ATTEMPT_DEADLINE_MS + 1000, DEFAULT_POLICY), true);
    assert.equal(carriedToNextDay(t, LATE_END, DEFAULT_POLICY), false);
    assert.equal(carriedToNextDay({ ...t, abandoned: false }, LATE_END, DEFAULT_POLICY), true, 'still holds the register');
    assert.equal(carriedToNextDay({ ...t, state: 'authorized' }, 0, DEFAULT_POLICY), false);
    assert.equal(carriedToNextDay({ ...t, state: 'authorized', possibleDuplicate: true }, LATE_END, DEFAULT_POLICY), true, 'an open duplicate waits for the manager');
  });

  test('the lease is released for a final attempt, or an abandoned one past its deadline, never for one still running', () => {
    assert.equal(mayReleaseLease(inState.accepted, 0), false);
    assert.equal(mayReleaseLease(inState.refused, 0), true);
    assert.equal(mayReleaseLease({ ...inState.accepted, state: 'authorized' }, 0), true);
    assert.equal(mayReleaseLease(inState.timed_out, ATTEMPT_DEADLINE_MS), false, 'the cashier still has to look at the terminal');
    assert.equal(mayReleaseLease({ ...inState.accepted, abandoned: true }, ATTEMPT_DEADLINE_MS - 1), false);
    assert.equal(mayReleaseLease({ ...inState.accepted, abandoned: true }, ATTEMPT_DEADLINE_MS), true);
  });

  test('a day stays open while a payment runs, is watched for a late answer, or waits for a manager', () => {
    assert.equal(keepsDayOpen({ status: 'open', openDuplicate: false }, LATE_END * 2), true);
    assert.equal(keepsDayOpen({ status: 'no_answer', openDuplicate: false }, LATE_END - 1), true);
    assert.equal(keepsDayOpen({ status: 'no_answer', openDuplicate: false }, LATE_END), false);
    assert.equal(keepsDayOpen({ status: 'authorized', openDuplicate: true }, LATE_END), true);
    assert.equal(keepsDayOpen({ status: 'refused', openDuplicate: false }, 0), false);
  });

  test('a sale is paid by another authorized attempt of it, never by the attempt itself', () => {
    const paid = { ...inState.authorized, id: 'a0' };
    assert.equal(salePaidBy([paid, inState.timed_out], inState.timed_out), 'a0');
    assert.equal(salePaidBy([paid], paid), null);
    assert.equal(salePaidBy([{ ...paid, saleId: 'other' }], inState.timed_out), null);
  });

  test('a request is on the wire while sending or while a manager asks the bank', () => {
    assert.equal(requestOnTheWire(inState.sending), true);
    assert.equal(requestOnTheWire(inState.send_failed), false);
    assert.equal(requestOnTheWire({ ...inState.timed_out, bankAsked: { marker: 'm', at: T0, answer: 'pending' } }), true);
    assert.equal(requestOnTheWire({ ...inState.timed_out, bankAsked: { marker: 'm', at: T0, answer: 'original' } }), false);
  });

  test('an age from the wall clock never goes below zero', () => {
    assert.equal(wallAge(base, T0 + 5000), 5000);
    assert.equal(wallAge(base, T0 - 3_600_000), 0);
  });
});
