import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { ATTEMPT_DEADLINE_MS, FRESH_ATTEMPT_FIELDS, type Attempt } from '../../../shared/domain/attempt.js';
import { chargeWords, stateWords, terminalState } from './terminal-state.js';

const T = 'term-1';
const NOW = Date.parse('2026-11-27T14:00:00');
let n = 0;
function attempt(over: Partial<Attempt>): Attempt {
  n += 1;
  return {
    id: `a${n}`, saleId: `s${n}`, previousAttemptId: null, registerId: 'R1', terminalId: T, amountMinor: 100, currency: 'EUR', metadata: {},
    idempotencyKey: `k${n}`, createdAt: NOW - 600_000, deadlineAt: NOW - 600_000 + ATTEMPT_DEADLINE_MS, state: 'authorized', updatedAt: NOW,
    ...FRESH_ATTEMPT_FIELDS, ...over,
  };
}

describe('terminalState', () => {
  test('ready when nothing is open, nobody else holds it, and the last payment was answered', () => {
    assert.deepEqual(terminalState(T, [attempt({ state: 'refused' })], []), { kind: 'ready' });
    assert.deepEqual(terminalState(T, [], null), { kind: 'ready' });
  });
  test('a payment of this register still on its way wins over everything (even an abandoned one before its deadline)', () => {
    const open = attempt({ state: 'accepted', abandoned: true });
    assert.deepEqual(terminalState(T, [open], [{ terminalId: T, registerName: 'Caisse 2', heldForMs: 5_000 }]), { kind: 'waitingHere' });
  });
  test('busy at another register, from the store, with who and how long', () => {
    const s = terminalState(T, [], [{ terminalId: 'other', registerName: 'Caisse 3', heldForMs: 1 }, { terminalId: T, registerName: 'Caisse 2', heldForMs: 130_000 }]);
    assert.deepEqual(s, { kind: 'busyElsewhere', registerName: 'Caisse 2', heldForMs: 130_000 });
    assert.deepEqual(stateWords(s, NOW), { id: 'glance.terminal.busyElsewhere', values: { register: 'Caisse 2', minutes: 2 } });
    assert.deepEqual(chargeWords(s), { id: 'glance.terminal.chargeWhileBusy', values: { register: 'Caisse 2' } });
  });
  test('no answer the last time, with when: only while the newest payment on it is the unanswered one', () => {
    const timedOut = attempt({ state: 'timed_out', createdAt: NOW - 300_000, deadlineAt: NOW - 180_000 });
    const s = terminalState(T, [attempt({ createdAt: NOW - 900_000 }), timedOut], []);
    assert.deepEqual(s, { kind: 'noAnswer', at: NOW - 180_000 });
    assert.equal(stateWords(s, NOW).id, 'glance.terminal.noAnswer');
    assert.deepEqual(terminalState(T, [timedOut, attempt({ createdAt: NOW - 60_000 })], []), { kind: 'ready' });
    assert.equal(chargeWords({ kind: 'ready' }), null);
  });
});
