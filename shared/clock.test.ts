import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ManualClock } from './clock.js';

test('a frozen clock fires timers in order only when advanced', () => {
  const clock = new ManualClock({ start: 1_000, frozen: true });
  const fired: string[] = [];
  clock.setTimer(120_000, () => fired.push('deadline'));
  clock.setTimer(1_000, () => {
    fired.push('poll');
    clock.setTimer(1_000, () => fired.push('poll2'));
  });
  clock.advance(500);
  assert.deepEqual(fired, []);
  clock.advance(2_000);
  assert.deepEqual(fired, ['poll', 'poll2']);
  clock.advance(200_000);
  assert.deepEqual(fired, ['poll', 'poll2', 'deadline']);
  assert.equal(clock.now(), 203_500);
  assert.equal(clock.pendingTimers(), 0);
});

test('cancelled timers never fire and the clock never runs backwards on advance', () => {
  const clock = new ManualClock({ start: 0, frozen: true });
  let fired = false;
  clock.setTimer(10, () => (fired = true)).cancel();
  clock.advance(100);
  assert.equal(fired, false);
  assert.throws(() => clock.advance(-1), RangeError);
});

test('set() may go back for date-dependent tests; timers keep absolute times', () => {
  const clock = new ManualClock({ start: Date.UTC(2026, 10, 22), frozen: true });
  clock.set(Date.UTC(2026, 10, 1));
  assert.equal(new Date(clock.now()).toISOString(), '2026-11-01T00:00:00.000Z');
});
