import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Attempt, AttemptState } from './attempt.js';
import { COMMANDS, commandRefusal, commandsAllowed } from './attempt-commands.js';
import { step } from './attempt-machine.js';
import { DEFAULT_POLICY } from './attempt-policy.js';
import { base, SAMPLE, T0 } from '../testing/attempt-samples.js';

const STATES: AttemptState[] = ['sending', 'send_failed', 'accepted', 'authorized', 'refused', 'rejected', 'timed_out'];

/** Every state crossed with every flag a guard reads: abandoned, charged again, named by the bank, asked, flagged, settled. */
function* variants(): Generator<Attempt> {
  for (const state of STATES) {
    for (const abandoned of [false, true]) {
      for (const retriedBy of [null, 'a9']) {
        for (const paymentId of [null, 'p1']) {
          for (const asked of [false, true]) {
            for (const possibleDuplicate of [false, true]) {
              for (const resolved of [false, true]) {
                yield {
                  ...base, state, abandoned, retriedBy, paymentId, possibleDuplicate,
                  bankAsked: asked ? { marker: 'm0', at: T0, answer: 'pending' } : null,
                  resolution: resolved ? { kind: 'not_a_duplicate', note: 'one payment', at: T0 } : null,
                  lastError: state === 'send_failed' ? { kind: 'reset', message: 'cut' } : null,
                };
              }
            }
          }
        }
      }
    }
  }
}

// Inside the deadline and the key's lifetime: only the guard table can refuse here.
const inside = { wall: T0 + 1000, ageMs: 1000 };

describe('one guard table for the buttons and the machine', () => {
  test('for every state × flags × command, what commandsAllowed offers is exactly what step() accepts, for the same reason', () => {
    let checked = 0;
    for (const a of variants()) {
      const allowed = commandsAllowed(a);
      for (const command of COMMANDS) {
        const r = step(a, SAMPLE[command], inside, DEFAULT_POLICY);
        const label = `${a.state} abandoned=${a.abandoned} retriedBy=${a.retriedBy} paymentId=${a.paymentId} asked=${a.bankAsked !== null} dup=${a.possibleDuplicate} resolved=${a.resolution !== null} × ${command}`;
        assert.equal(r.ok, allowed.includes(command), label);
        if (!r.ok) assert.equal(r.refusal, commandRefusal(a, command), label);
        checked++;
      }
    }
    assert.equal(checked, STATES.length * 64 * COMMANDS.length);
  });

  test('each command exists in some situation and is refused in another (no row that cannot fail)', () => {
    const all = [...variants()];
    for (const command of COMMANDS) {
      assert.ok(all.some((a) => commandRefusal(a, command) === null), `${command} is offered somewhere`);
      assert.ok(all.some((a) => commandRefusal(a, command) !== null), `${command} is refused somewhere`);
    }
  });

  test('time still has the last word where only the machine knows it', () => {
    const failed = { ...base, state: 'send_failed' as const, lastError: { kind: 'reset' as const, message: 'cut' } };
    assert.deepEqual(commandsAllowed(failed), ['resend', 'abandon']);
    const late = step(failed, SAMPLE.resend, { wall: T0 + 121_000, ageMs: 121_000 }, DEFAULT_POLICY);
    assert.ok(!late.ok && /deadline/.test(late.refusal));
    const timedOut = { ...base, state: 'timed_out' as const };
    const unconfirmed = step(timedOut, { type: 'chargeAgain', by: 'a2', confirmedNoPayment: false, saleAlreadyPaidBy: null }, inside, DEFAULT_POLICY);
    assert.ok(!unconfirmed.ok && /confirm/.test(unconfirmed.refusal));
    const paid = step(timedOut, { type: 'chargeAgain', by: 'a2', confirmedNoPayment: true, saleAlreadyPaidBy: 'a0' }, inside, DEFAULT_POLICY);
    assert.ok(!paid.ok && /already paid/.test(paid.refusal));
  });
});
