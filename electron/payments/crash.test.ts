/**
 * Crash tests: a child process runs the real engine and the real API client
 * against the embedded sandbox (started here, so it survives the child), is
 * SIGKILLed at each step of a payment, and a fresh child restores from the
 * same journal. Every time the sandbox must hold EXACTLY ONE payment for the
 * attempt and the journal must end in 'authorized'.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { RunningChild } from './testing/child-runner.js';
import { crashSetup, isEvent as is } from './testing/crash-setup.js';
import { journaledStates } from './testing/engine-fixture.js';

// Latency on every request gives the "in flight" kill a window while the POST is on the wire.
const crash = crashSetup({ latencyMs: 250, approveDelayMs: 400 });
const child = (dataDir: string, mode: 'charge' | 'restore', hold: 'before-send' | 'after-202' | null, label: string): RunningChild =>
  crash.child({ mode, hold, dataDir, label });

interface Scenario {
  label: string;
  hold: 'before-send' | 'after-202' | null;
  /** Waits for the moment to pull the plug. */
  killPoint(c: RunningChild): Promise<unknown>;
  /** Payments in the sandbox for the key at the moment of the kill. */
  paymentsAtKill: number[];
  /** The journal's story from creation to the end. */
  states: string[];
}

const SCENARIOS: Scenario[] = [
  {
    label: 'after the journal write, before the request leaves',
    hold: 'before-send',
    killPoint: (c) => c.waitFor(is('holding'), 'the parked request'),
    paymentsAtKill: [0],
    states: ['sending', 'send_failed', 'sending', 'accepted', 'authorized'],
  },
  {
    label: 'while the request is in flight',
    hold: null,
    // The sandbox's latency keeps the POST on the wire for 250 ms; the kill lands inside it.
    killPoint: async (c) => {
      await c.waitFor(is('create'), 'the request leaving');
      await new Promise((r) => setTimeout(r, 60));
    },
    // The bank may or may not process a request whose client died; either way there must be one payment in the end.
    paymentsAtKill: [0, 1],
    states: ['sending', 'send_failed', 'sending', 'accepted', 'authorized'],
  },
  {
    label: 'after the 202, before it is journaled',
    hold: 'after-202',
    killPoint: (c) => c.waitFor(is('accepted-202'), 'the 202'),
    paymentsAtKill: [1],
    states: ['sending', 'send_failed', 'sending', 'accepted', 'authorized'],
  },
  {
    label: 'during polling',
    hold: null,
    killPoint: async (c) => {
      await c.waitFor(is('update', (e) => e.state === 'accepted'), 'the accepted state');
      await c.waitFor(is('poll'), 'a poll');
    },
    paymentsAtKill: [1],
    states: ['sending', 'accepted', 'authorized'],
  },
];

describe('SIGKILL at each step of a payment, then restore', { concurrency: true }, () => {
  for (const s of SCENARIOS) {
    test(s.label, async () => {
      const dataDir = crash.dataDir('counterpay-crash-');
      const first = child(dataDir, 'charge', s.hold, s.label);
      const created = await first.waitFor(is('update', (e) => e.state === 'sending'), 'the journaled attempt');
      const key = String(created.key);
      const attemptId = String(created.id);
      await s.killPoint(first);
      await first.kill();
      // Anything the dead client left on the wire has reached the sandbox once its latency is over.
      await new Promise((r) => setTimeout(r, 300));
      assert.ok(s.paymentsAtKill.includes((await crash.paymentsWithKey(key)).length), 'payments at the moment of the kill');

      const second = child(dataDir, 'restore', null, s.label);
      const final = await second.waitFor(is('final'), 'every attempt final');
      assert.equal((await second.exited).code, 0);
      assert.deepEqual(final.attempts, [{ id: attemptId, state: 'authorized' }]);

      const payments = await crash.paymentsWithKey(key);
      assert.equal(payments.length, 1, 'exactly one payment for the attempt');
      assert.equal(payments[0]?.status, 'AUTHORIZED');
      const resends = second.events.filter(is('create'));
      assert.ok(resends.every((e) => e.key === key), 'a restore resends only with the original key');
      if (s.label === 'during polling') assert.equal(resends.length, 0, 'an accepted attempt is never sent again');
      assert.deepEqual(journaledStates(dataDir, attemptId), s.states);
    });
  }
});
