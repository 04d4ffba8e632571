import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Attempt, AttemptState } from '../../shared/domain/attempt.js';
import { holdsRegister } from '../../shared/domain/attempt-commands.js';
import { canTransition, TRANSITIONS } from './attempt-states.js';
import { newAttempt } from './new-attempt.js';
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

});
