/** An answer waits for the events numbered before it, and no longer than EVENT_WAIT_MS for a stream that broke. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EVENT_WAIT_MS, EventOrder } from '../browser/event-order.js';

const settled = async (p: Promise<void>): Promise<boolean> => {
  let done = false;
  void p.then(() => (done = true));
  await new Promise((r) => setImmediate(r));
  return done;
};

test('an answer waits until the stream delivered the events sent before it, in any order of arrival', async () => {
  const timers: { fn: () => void; ms: number }[] = [];
  const order = new EventOrder((fn, ms) => timers.push({ fn, ms }));
  // Before the stream opened nothing is known: even an answer after no event waits for the stream's start.
  const early = order.after(0);
  assert.equal(await settled(early), false);
  order.reached(3);
  assert.equal(await settled(early), true);
  assert.equal(await settled(order.after(3)), true, 'events up to 3 were before the stream: nothing to wait for');
  const five = order.after(5);
  const four = order.after(4);
  order.reached(4);
  assert.equal(await settled(four), true);
  assert.equal(await settled(five), false);
  order.reached(2);
  assert.equal(await settled(five), false, 'an older number does not move the stream back or forward');
  order.reached(5);
  assert.equal(await settled(five), true);
  assert.ok(timers.every((t) => t.ms === EVENT_WAIT_MS));
});

test('a stream that broke delays an answer by EVENT_WAIT_MS at most', async () => {
  const timers: (() => void)[] = [];
  const order = new EventOrder((fn) => timers.push(fn));
  order.reached(1);
  const stuck = order.after(9);
  assert.equal(await settled(stuck), false);
  timers.forEach((fire) => fire());
  assert.equal(await settled(stuck), true);
});
