/**
 * Crash tests for the commands after a charge: the child is SIGKILLed while an abandon,
 * or a manager's resolution of the possible duplicate that follows, is being journaled;
 * a fresh child restores from the same journal. The payment is never lost, never made
 * twice, and a payment authorized after the abandon is always flagged for the manager.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { RunningChild } from './testing/child-runner.js';
import { crashSetup, isEvent as is } from './testing/crash-setup.js';
import { lastSnapshot } from './testing/engine-fixture.js';

const crash = crashSetup({ latencyMs: 50, approveDelayMs: 1500 });
const child = (dataDir: string, mode: 'charge' | 'restore', then: 'abandon' | 'resolve' | undefined, label: string): RunningChild =>
  crash.child({ mode, hold: null, dataDir, label, ...(then ? { then } : {}) });

const SCENARIOS = [
  { label: 'killed as the abandon is journaled', then: 'abandon' as const, at: 'abandoning' },
  { label: 'killed right after the abandon', then: 'abandon' as const, at: 'abandoned' },
  { label: 'killed as the manager\'s resolution is journaled', then: 'resolve' as const, at: 'resolving' },
  { label: 'killed right after the resolution', then: 'resolve' as const, at: 'resolved' },
];

describe('SIGKILL during abandon and during a manager resolution, then restore', { concurrency: true }, () => {
  for (const s of SCENARIOS) {
    test(s.label, async () => {
      const dataDir = crash.dataDir('counterpay-crash-cmd-');
      const first = child(dataDir, 'charge', s.then, s.label);
      const charged = await first.waitFor(is('charged'), 'the charge');
      const id = String(charged.id);
      const key = String(charged.key);
      await first.waitFor(is(s.at), s.at);
      await first.kill();

      const second = child(dataDir, 'restore', undefined, s.label);
      await second.waitFor(is('final'), 'every attempt final');
      assert.equal((await second.exited).code, 0);

      assert.equal((await crash.paymentsWithKey(key)).length, 1, 'exactly one payment');
      const a = lastSnapshot(dataDir, id);
      assert.equal(a?.state, 'authorized', 'the payment is never lost');
      // Abandoned before the authorization: the manager must see it, and a resolution is either whole or absent.
      if (a?.abandoned) assert.equal(a.possibleDuplicate, true, 'paid after it was abandoned is flagged');
      if (s.at === 'abandoned' || s.then === 'resolve') assert.equal(a?.abandoned, true, 'the abandon was journaled before it was reported');
      if (s.at === 'resolved') assert.deepEqual(a?.resolution && { kind: a.resolution.kind, note: a.resolution.note }, { kind: 'refunded_outside', note: 'cash refund, receipt 7' });
      if (a?.resolution) assert.equal(a.resolution.kind, 'refunded_outside');
    });
  }
});
