import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Attempt, AttemptState } from '../../shared/domain/attempt.js';
import { canTransition, holdsRegister, IllegalTransitionError, isOpen, maySend, transition, TRANSITIONS } from './attempt-states.js';
import { newAttempt } from './new-attempt.js';
import { DEFAULT_POLICY } from './policy.js';
import { SALE, T0 } from './test-support/engine-fixture.js';

const ALL = Object.keys(TRANSITIONS) as AttemptState[];
const ALLOWED = new Set([
  'sending>accepted', 'sending>rejected', 'sending>send_failed',
  'send_failed>sending', 'send_failed>timed_out',
  'accepted>authorized', 'accepted>refused', 'accepted>timed_out',
  'timed_out>authorized', 'timed_out>refused',
]);

const base = (): Attempt => newAttempt({ ...SALE, registerId: 'reg-1', saleId: null, previousAttemptId: null }, T0);

describe('attempt transition table', () => {
  test('allows exactly the documented transitions and nothing else', () => {
    for (const from of ALL) {
      for (const to of ALL) assert.equal(canTransition(from, to), ALLOWED.has(`${from}>${to}`), `${from} -> ${to}`);
    }
  });

  test('transition() throws on a forbidden change and stamps updatedAt on an allowed one', () => {
    const a = base();
    assert.throws(() => transition(a, 'authorized', T0 + 1), IllegalTransitionError);
    assert.throws(() => transition({ ...a, state: 'authorized' }, 'refused', T0 + 1), /illegal attempt transition authorized -> refused/);
    const next = transition(a, 'accepted', T0 + 5, { paymentId: 'p1' });
    assert.equal(next.state, 'accepted');
    assert.equal(next.updatedAt, T0 + 5);
    assert.equal(a.state, 'sending', 'the input is not mutated');
  });
});

describe('register and sending rules', () => {
  test('a timed-out attempt holds the register until retried or abandoned', () => {
    const t = { ...base(), state: 'timed_out' as const };
    assert.equal(holdsRegister(t), true);
    assert.equal(holdsRegister({ ...t, retriedBy: 'x' }), false);
    assert.equal(holdsRegister({ ...t, abandoned: true }), false);
    assert.equal(holdsRegister({ ...t, state: 'refused' }), false);
    assert.equal(holdsRegister({ ...t, state: 'sending' }), true);
  });

  test('nothing may be sent at or after the deadline, nor with a key past its lifetime', () => {
    const a = base();
    assert.equal(maySend(a, a.deadlineAt - 1, DEFAULT_POLICY), true);
    assert.equal(maySend(a, a.deadlineAt, DEFAULT_POLICY), false);
    assert.equal(maySend(a, T0 + 60_000, { ...DEFAULT_POLICY, idempotencyKeyTtlMs: 60_000 }), false);
    assert.equal(maySend(a, T0 - 1, DEFAULT_POLICY), false, 'a clock set back cannot make an old key look young');
  });

  test('a released timed-out attempt leaves the open set once its late watch is over', () => {
    const t = { ...base(), state: 'timed_out' as const, paymentId: 'p', abandoned: true };
    assert.equal(isOpen(t, t.deadlineAt + 1000, DEFAULT_POLICY), true);
    assert.equal(isOpen(t, t.deadlineAt + DEFAULT_POLICY.lateWatchMs, DEFAULT_POLICY), false);
    assert.equal(isOpen({ ...t, abandoned: false }, t.deadlineAt + DEFAULT_POLICY.lateWatchMs, DEFAULT_POLICY), true, 'still holds the register');
    assert.equal(isOpen({ ...t, state: 'authorized' }, T0, DEFAULT_POLICY), false);
  });
});
