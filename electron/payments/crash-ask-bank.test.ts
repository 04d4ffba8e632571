/**
 * Crash tests for Ask the bank: the child is SIGKILLed while a manager's ask is journaled
 * (before its request leaves) and while it is on the wire (the bank answered, the answer was
 * never journaled). A fresh child finds the pending ask, resends it with its key and marker,
 * and the sale settles: one payment for the key, classified as the ask made it.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Attempt } from '../../shared/domain/attempt.js';
import { ManualClock } from '../../shared/clock.js';
import { crashSetup, CRASH_TERMINAL, isEvent as is } from './testing/crash-setup.js';
import { lastSnapshot, openFixture } from './testing/engine-fixture.js';
import { FakeBank, transportError } from './stand-ins/fake-bank.js';

const crash = crashSetup({ latencyMs: 50, approveDelayMs: 1500 });

/** A sale whose every send failed until its deadline passed a few seconds ago: timed out, no payment id. */
async function timedOutWithoutId(dataDir: string): Promise<Attempt> {
  const bank = new FakeBank();
  bank.createScript.push(...Array.from({ length: 40 }, () => transportError('connect_refused')));
  const fx = await openFixture({ dir: dataDir, bank, clock: new ManualClock({ start: Date.now() - 130_000, frozen: true }) });
  const a = await fx.engine.charge({ terminalId: CRASH_TERMINAL, amountMinor: 1250, currency: 'EUR', metadata: {} });
  await fx.advance(121_000, 1000);
  assert.equal(fx.engine.get(a.id)?.state, 'timed_out');
  assert.equal(fx.engine.get(a.id)?.paymentId, null);
  await fx.engine.close();
  return a;
}

const SCENARIOS = [
  { label: 'killed while the ask is journaled, before it leaves', hold: 'before-send' as const, at: 'holding' },
  { label: 'killed while the ask is on the wire, its answer not journaled', hold: 'after-202' as const, at: 'accepted-202' },
];

describe('SIGKILL during Ask the bank, then restart', { concurrency: true }, () => {
  for (const s of SCENARIOS) {
    test(s.label, async () => {
      const dataDir = crash.dataDir('counterpay-crash-ask-');
      const a = await timedOutWithoutId(dataDir);
      const first = crash.child({ mode: 'ask', attemptId: a.id, hold: s.hold, dataDir, label: s.label });
      const asked = await first.waitFor(is('asked'), 'the ask journaled');
      await first.waitFor(is(s.at), s.at);
      await first.kill();
      assert.equal(lastSnapshot(dataDir, a.id)?.bankAsked?.answer, 'pending', 'the journal holds a pending ask');

      const second = crash.child({ mode: 'restore', hold: null, dataDir, label: s.label });
      await second.waitFor(is('final'), 'the sale settled');
      assert.equal((await second.exited).code, 0);
      const settled = lastSnapshot(dataDir, a.id);
      assert.equal(settled?.state, 'authorized');
      assert.equal(settled?.bankAsked?.marker, asked.marker, 'resumed with its own marker');
      assert.equal(settled?.bankAsked?.answer, 'new_prompt', 'the first send never arrived: the ask made the prompt');
      assert.equal((await crash.paymentsWithKey(a.idempotencyKey)).length, 1, 'one payment for the key, however often the ask left');
    });
  }
});
