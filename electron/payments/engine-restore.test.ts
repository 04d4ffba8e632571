/** Restart: a second engine on the same journal picks up every unfinished attempt where the first left it. */
import { afterEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { terminalOutcomes } from '../api/terminal-outcomes.js';
import { appendFileSync } from 'node:fs';
import { PaymentEngine } from './engine.js';
import { join } from 'node:path';
import { dayFileName, localDay } from './journal-files.js';
import { FakeBank, httpError } from './stand-ins/fake-bank.js';
import { journaledStates, openFixture, SALE, T0, type Fixture } from './testing/engine-fixture.js';
import { failFsync } from './testing/failing-fsync.js';

let fx: Fixture;
afterEach(async () => fx?.cleanup());

/** Stops the engine with the first request in flight (it reached the bank; the answer never came back). */
async function crashWhileSending(): Promise<string> {
  fx = await openFixture();
  fx.bank.createScript.push('hold');
  const a = await fx.engine.charge(SALE);
  await fx.engine.settled();
  return a.id;
}

describe('restore after a stop', () => {
  test('sending inside the deadline is resent with its ORIGINAL key: still exactly one payment', async () => {
    const id = await crashWhileSending();
    const key = fx.engine.get(id)?.idempotencyKey;
    fx.clock.advance(5000);
    fx = await fx.reopen({ bank: fx.bank });
    await fx.engine.settled();
    const a = fx.engine.get(id);
    assert.equal(a?.state, 'accepted');
    assert.deepEqual(fx.bank.creates.map((c) => c.key), [key, key]);
    assert.equal(fx.bank.paymentCount(), 1);
    assert.equal(a?.sends, 2);
    assert.deepEqual(journaledStates(fx.dir, id), ['sending', 'send_failed', 'sending', 'accepted']);
    assert.equal(fx.updates.at(-1)?.state, 'accepted');
  });

  test('sending past the deadline is never resent: it becomes timed_out (unknown)', async () => {
    const id = await crashWhileSending();
    fx.clock.advance(121_000);
    fx = await fx.reopen({ bank: fx.bank });
    assert.equal(fx.engine.get(id)?.state, 'timed_out');
    assert.equal(fx.bank.creates.length, 1);
    assert.deepEqual(journaledStates(fx.dir, id), ['sending', 'send_failed', 'timed_out']);
    assert.equal(fx.engine.active()?.id, id, 'still holds the register until the cashier decides');
  });

  test('send_failed inside the deadline is resent at once with the same key', async () => {
    fx = await openFixture({ policy: { resendBackoffMs: [60_000] } });
    fx.bank.createScript.push(httpError(503));
    const a = await fx.engine.charge(SALE);
    await fx.engine.settled();
    fx.clock.advance(2000);
    fx = await fx.reopen({ bank: fx.bank });
    assert.equal(fx.engine.get(a.id)?.state, 'accepted');
    assert.deepEqual(fx.bank.creates.map((c) => c.key), [a.idempotencyKey, a.idempotencyKey]);
  });

  test('an abandoned attempt is not resent after a restart', async () => {
    const id = await crashWhileSending();
    await fx.engine.abandon(id);
    fx = await fx.reopen({ bank: fx.bank });
    await fx.advance(130_000, 2000);
    assert.equal(fx.bank.creates.length, 1);
    assert.equal(fx.engine.get(id)?.state, 'timed_out');
    assert.equal(fx.engine.active(), null);
  });

  test('accepted resumes polling, and the deadline stays createdAt + 120 s', async () => {
    fx = await openFixture();
    const a = await fx.engine.charge(SALE);
    await fx.engine.settled();
    fx.clock.advance(100_000);
    fx = await fx.reopen({ bank: fx.bank });
    await fx.advance(19_000, 1000);
    assert.equal(fx.engine.get(a.id)?.state, 'accepted');
    assert.ok(fx.bank.gets.length > 0, 'polling resumed');
    await fx.advance(1000);
    assert.equal(fx.engine.get(a.id)?.state, 'timed_out');
    assert.equal(fx.bank.creates.length, 1, 'an accepted attempt is never sent again');
  });

  test('accepted past the deadline becomes timed_out and its late outcome is still recorded', async () => {
    fx = await openFixture();
    const a = await fx.engine.charge(SALE);
    await fx.engine.settled();
    fx.clock.advance(5 * 60_000);
    fx.bank.setStatus('pay-1', 'AUTHORIZED');
    fx = await fx.reopen({ bank: fx.bank });
    await fx.advance(30_000, 1000);
    const done = fx.engine.get(a.id);
    assert.equal(done?.state, 'authorized');
    assert.equal(done?.lateOutcome, true);
    assert.deepEqual(journaledStates(fx.dir, a.id), ['sending', 'accepted', 'timed_out', 'authorized']);
  });

  test('31 minutes later nothing is sent with the old key', async () => {
    fx = await openFixture({ policy: { resendBackoffMs: [] } });
    fx.bank.createScript.push(httpError(503));
    const a = await fx.engine.charge(SALE);
    await fx.engine.settled();
    fx.clock.advance(31 * 60_000);
    fx = await fx.reopen({ bank: fx.bank });
    assert.equal(fx.engine.get(a.id)?.state, 'timed_out');
    await assert.rejects(fx.engine.resend(a.id), /only a failed send/);
    assert.equal(fx.bank.creates.length, 1);
  });

  test('a torn last record is reported in today() and the attempts before it survive', async () => {
    fx = await openFixture();
    const a = await fx.engine.charge(SALE);
    await fx.engine.settled();
    await fx.engine.close();
    appendFileSync(join(fx.dir, 'journal', dayFileName(localDay(T0))), '{"sum":"0123456789abcdef","rec":{"v":1,"kind":"upd');
    fx = await fx.reopen({ bank: fx.bank });
    const view = fx.engine.today();
    assert.equal(view.journalWarnings.length, 1);
    assert.match(view.journalWarnings[0] ?? '', /cut short/);
    assert.equal(fx.engine.get(a.id)?.state, 'accepted');
    fx.bank.setStatus('pay-1', 'AUTHORIZED');
    await fx.advance(2000);
    assert.equal(fx.engine.get(a.id)?.state, 'authorized', 'appends after the torn record work');
  });

  test('an open() whose restore cannot write the journal fails and leaves no timer or request running', async () => {
    fx = await openFixture();
    const a = await fx.engine.charge(SALE);
    await fx.engine.settled();
    await fx.engine.abandon(a.id);
    fx.bank.createScript.push('hold');
    await fx.engine.charge({ ...SALE, terminalId: 'term-2' });
    await fx.engine.close();
    // Every append fails (disk full, found at the fsync) while the second engine restores: the accepted attempt starts polling first.
    const restore = await failFsync(new Error('ENOSPC: no space left on device'));
    const bank = new FakeBank();
    try {
      await assert.rejects(PaymentEngine.open({ dataDir: fx.dir, bank: terminalOutcomes(bank), clock: fx.clock, registerId: 'reg-1' }), /ENOSPC/);
    } finally {
      restore();
    }
    assert.equal(fx.clock.pendingTimers(), 0, 'no deadline or poll timer of the failed engine is left');
    fx.clock.advance(10_000);
    await new Promise((r) => setImmediate(r));
    assert.deepEqual(bank.gets, [], 'the failed engine polls nothing');
  });
});
