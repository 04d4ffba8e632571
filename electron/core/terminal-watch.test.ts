import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ManualClock } from '../../shared/clock.js';
import { memoryLogger } from '../log.js';
import { watchTerminals } from './terminal-watch.js';

const settle = () => new Promise((r) => setImmediate(r));

test('refreshes on its period, survives failures, and stops for good', async () => {
  const clock = new ManualClock({ start: 0, frozen: true });
  const logger = memoryLogger();
  let calls = 0;
  const stop = watchTerminals(clock, async () => {
    calls++;
    if (calls === 2) throw new Error('bank unreachable');
  }, logger, 1000);
  clock.advance(999);
  assert.equal(calls, 0);
  for (let i = 0; i < 3; i++) {
    clock.advance(1000);
    await settle();
  }
  assert.equal(calls, 3);
  assert.ok(logger.lines.some((l) => l.includes('bank unreachable')));
  stop();
  clock.advance(10_000);
  await settle();
  assert.equal(calls, 3);
  assert.equal(clock.pendingTimers(), 0);
});
