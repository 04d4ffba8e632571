/** After the deadline: late outcomes, possible duplicates, the late watch and its end. */
import { afterEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { openFixture, SALE, T0, type Fixture } from './testing/engine-fixture.js';
import { httpError } from './stand-ins/fake-bank.js';

let fx: Fixture;
afterEach(async () => fx?.cleanup());

describe('polling', () => {
  test('status is read case-insensitively; unknown values and read errors are not final', async () => {
    fx = await openFixture();
    const a = await fx.engine.charge(SALE);
    await fx.engine.settled();
    fx.bank.setStatus('pay-1', 'PROCESSING');
    await fx.advance(3000);
    fx.bank.getScript.push(httpError(500), httpError(404));
    await fx.advance(2000);
    assert.equal(fx.engine.get(a.id)?.state, 'accepted');
    fx.bank.setStatus('pay-1', 'refused');
    await fx.advance(2000);
    assert.equal(fx.engine.get(a.id)?.state, 'refused');
    assert.equal(fx.engine.get(a.id)?.failureReason, 'refused');
    assert.ok(fx.logger.lines.some((l) => l.includes('terminal payment read failed')));
  });
});

describe('late outcomes', () => {
  test('an outcome after the deadline is recorded with lateOutcome and no duplicate flag', async () => {
    fx = await openFixture();
    const a = await fx.engine.charge(SALE);
    await fx.advance(125_000, 1000);
    assert.equal(fx.engine.get(a.id)?.state, 'timed_out');
    fx.bank.setStatus('pay-1', 'AUTHORIZED');
    await fx.advance(10_000, 1000);
    const done = fx.engine.get(a.id);
    assert.equal(done?.state, 'authorized');
    assert.equal(done?.lateOutcome, true);
    assert.equal(done?.possibleDuplicate, false);
    assert.equal(fx.engine.today().totals.authorized.authorizedMinor, 1330);
  });

  test('a late authorization for a sale already authorized by its retry is flagged as a possible duplicate', async () => {
    fx = await openFixture();
    const a = await fx.engine.charge(SALE);
    await fx.advance(120_000, 2000);
    const b = await fx.engine.chargeAgain(a.id, { confirmedNoPayment: true });
    await fx.engine.settled();
    fx.bank.setStatus('pay-2', 'AUTHORIZED');
    await fx.advance(1000);
    assert.equal(fx.engine.get(b.id)?.state, 'authorized');
    assert.equal(fx.engine.get(b.id)?.possibleDuplicate, false);
    fx.bank.setStatus('pay-1', 'AUTHORIZED');
    await fx.advance(10_000, 1000);
    const late = fx.engine.get(a.id);
    assert.equal(late?.state, 'authorized');
    assert.equal(late?.lateOutcome, true);
    assert.equal(late?.possibleDuplicate, true);
    assert.ok(fx.logger.lines.some((l) => l.includes('possible duplicate payment') && l.includes('"level":"warn"')));
    assert.equal(fx.engine.today().totals.authorized.authorizedMinor, 2660, 'both charges count: money was taken twice');
  });

  test('the late watch checks every 10 s, then 30 s, and stops after 30 minutes', async () => {
    fx = await openFixture();
    await fx.engine.charge(SALE);
    await fx.engine.settled();
    const at: number[] = [];
    const get = fx.bank.getPayment.bind(fx.bank);
    fx.bank.getPayment = (id, o) => (at.push((fx.clock.now() - T0 - 120_000) / 1000), get(id, o));
    await fx.advance(32 * 60_000, 1000);
    const late = at.filter((s) => s > 0);
    const gaps = late.slice(1).map((s, i) => s - (late[i] ?? 0));
    // The last in-deadline poll (2 s cadence) lands at +1 s; then 10 s steps until 2 min past the deadline.
    assert.deepEqual(late.slice(0, 4), [1, 11, 21, 31]);
    assert.ok(gaps.slice(0, 11).every((g) => g === 10), `fast phase gaps ${gaps.slice(0, 11)}`);
    assert.ok(gaps.slice(13, -1).every((g) => g === 30), `slow phase gaps ${gaps.slice(13, -1)}`);
    assert.equal(late[late.length - 1], 30 * 60, 'the last check is at the end of the 30-minute window');
    assert.ok(fx.logger.lines.some((l) => l.includes('late watch over')));
  });
});
