import { test } from 'node:test';
import assert from 'node:assert/strict';
import { detachedClock, ManualClock } from './clock.js';

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

test('a detached clock starts at wall time and then follows elapsed time only: moving the wall later changes nothing', () => {
  const wall = new ManualClock({ start: Date.UTC(2026, 10, 27, 9), frozen: true });
  const elapsed = new ManualClock({ start: 500, frozen: true });
  const bank = detachedClock(wall, elapsed);
  assert.equal(bank.now(), Date.UTC(2026, 10, 27, 9));
  wall.set(Date.UTC(2026, 10, 27, 11));
  elapsed.advance(1_000);
  wall.set(Date.UTC(2026, 10, 27, 8));
  assert.equal(bank.now(), Date.UTC(2026, 10, 27, 9) + 1_000);
  let fired = false;
  bank.setTimer(2_000, () => (fired = true));
  elapsed.advance(2_000);
  assert.equal(fired, true, 'its timers run on elapsed time');
});
