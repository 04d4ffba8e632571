/**
 * The app core keeps elapsed time on the monotonic clock it is given and wall time on
 * the other: with the two apart, jumping the wall clock changes no deadline and no idle
 * time, while moving the monotonic clock alone runs both out. main-clock.test.ts shows
 * the same for the app as it boots from main.ts, on the real clocks.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ManualClock } from '../../shared/clock.js';
import { SANDBOX_TERMINALS } from '../sandbox/index.js';
import { UNLOCK_IDLE_MS } from './manager-gate.js';
import { advanceUntil, T0, withApp } from './testing/app-fixture.js';

const HOUR = 3_600_000;
const elapsed = () => new ManualClock({ start: 1_000, frozen: true });

describe('wall clock and elapsed time apart', () => {
  test('a payment on a terminal that never answers times out after 120 s of elapsed time, whatever the wall clock does', () =>
    withApp({ monotonic: elapsed() }, async (f) => {
      const a = await f.ok('charge', { terminalId: SANDBOX_TERMINALS.fr.offline, amountMinor: 990, currency: 'EUR', metadata: {} });
      const state = () => f.app.context.engine.get(a.id)?.state;
      await advanceUntil(f.monotonic, 'the bank accepting the push', () => state() === 'accepted', 100, 1_000);
      const acceptedAt = f.monotonic.now();
      f.clock.set(T0 + 2 * HOUR);
      f.monotonic.advance(5_000);
      f.clock.set(T0 + HOUR);
      f.monotonic.advance(100_000);
      await new Promise((r) => setTimeout(r, 50));
      assert.equal(state(), 'accepted', 'two hours forward and one back on the wall: still inside its deadline');
      assert.equal(f.app.context.engine.get(a.id)?.sends, 1);
      await advanceUntil(f.monotonic, 'the deadline', () => state() === 'timed_out', 1_000, 30_000);
      const age = f.monotonic.now() - acceptedAt;
      assert.ok(age >= 110_000 && age <= 121_000, `timed out ${age} ms of elapsed time after it was accepted`);
    }));

  test('the manager unlock lapses after 5 minutes of elapsed time: a wall clock moved forward or back neither ends nor stretches it', () =>
    withApp({ monotonic: elapsed() }, async (f) => {
      await f.ok('setManagerPin', { pin: '4821' });
      f.clock.set(T0 + 2 * HOUR);
      assert.equal((await f.ok('getManagerView')).unlocked, true, 'two hours forward on the wall: still unlocked');
      f.clock.set(T0 - HOUR);
      f.monotonic.advance(UNLOCK_IDLE_MS - 1_000);
      const view = await f.ok('getManagerView');
      assert.equal(view.unlocked, true);
      assert.equal(view.unlockedUntil, f.clock.now() + 1_000, 'the windows are told the end in wall time');
      f.monotonic.advance(1_000);
      assert.equal((await f.ok('getManagerView')).unlocked, false, 'an hour back on the wall did not stretch it');
    }));
});
