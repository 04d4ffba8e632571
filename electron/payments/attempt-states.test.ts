import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Attempt, AttemptState } from '../../shared/domain/attempt.js';
import { holdsRegister } from '../../shared/domain/attempt-commands.js';
import { DEFAULT_POLICY } from '../../shared/domain/attempt-policy.js';
import { canTransition, TRANSITIONS } from './attempt-states.js';
import { newAttempt } from './new-attempt.js';
import { isCarried } from './restore.js';
import { SALE, T0 } from './testing/engine-fixture.js';

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

  test('a released timed-out attempt leaves the open set once its late watch is over', () => {
    const t = { ...base(), state: 'timed_out' as const, paymentId: 'p', abandoned: true };
    const age = (ms: number) => 120_000 + ms;
    assert.equal(isCarried(t, age(1000), DEFAULT_POLICY), true);
    assert.equal(isCarried(t, age(DEFAULT_POLICY.lateWatchMs), DEFAULT_POLICY), false);
    assert.equal(isCarried({ ...t, abandoned: false }, age(DEFAULT_POLICY.lateWatchMs), DEFAULT_POLICY), true, 'still holds the register');
    assert.equal(isCarried({ ...t, state: 'authorized' }, 0, DEFAULT_POLICY), false);
    assert.equal(isCarried({ ...t, state: 'authorized', possibleDuplicate: true }, age(DEFAULT_POLICY.lateWatchMs), DEFAULT_POLICY), true, 'an open duplicate waits for the manager');
  });
});
