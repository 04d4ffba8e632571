/** Sending: journal before network, the outcomes of a send, automatic and manual resends, the deadline. */
import { afterEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EngineRefusal } from './engine-refusal.js';
import { dayFileName, localDay } from './journal-files.js';
import { httpError, transportError } from './stand-ins/fake-bank.js';
import { journaledStates, openFixture, SALE, T0, type Fixture } from './testing/engine-fixture.js';

let fx: Fixture;
afterEach(async () => fx?.cleanup());

describe('charge and the first send', () => {
  test('the attempt and its key are fsync\'d to the journal before the request leaves', async () => {
    fx = await openFixture();
    let journalAtSend = '';
    fx.bank.onCreate = () => (journalAtSend = readFileSync(join(fx.dir, 'journal', dayFileName(localDay(T0))), 'utf8'));
    const a = await fx.engine.charge(SALE);
    await fx.engine.settled();
    assert.equal(a.state, 'sending');
    assert.equal(fx.bank.creates.length, 1);
    assert.ok(journalAtSend.includes(a.idempotencyKey), 'the key was on disk when createPayment was called');
    assert.match(a.idempotencyKey, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    assert.equal(a.deadlineAt, T0 + 120_000);
    assert.deepEqual(fx.bank.creates[0], { terminalId: 'term-1', key: a.idempotencyKey, push: { amountMinor: 1330, currency: 'EUR', metadata: { order: 'A-1' } } });
  });

  test('sending -> accepted -> authorized, each step journaled before onUpdate', async () => {
    fx = await openFixture();
    const a = await fx.engine.charge(SALE);
    await fx.engine.settled();
    assert.equal(fx.engine.get(a.id)?.state, 'accepted');
    assert.equal(fx.engine.get(a.id)?.paymentId, 'pay-1');
    fx.bank.setStatus('pay-1', 'authorized', { authorized_amount: { value: '14.00', currency: 'EUR' }, card_summary: '4242', payment_method: 'visa' });
    await fx.advance(1000);
    const done = fx.engine.get(a.id);
    assert.equal(done?.state, 'authorized');
    assert.equal(done?.authorizedAmountMinor, 1400);
    assert.equal(done?.cardSummary, '4242');
    assert.equal(done?.lateOutcome, false);
    assert.deepEqual(fx.updates.map((u) => u.state), ['sending', 'accepted', 'authorized']);
    assert.deepEqual(journaledStates(fx.dir, a.id), ['sending', 'accepted', 'authorized']);
    assert.equal(fx.engine.active(), null);
  });

  test('a refusal is final and carries the decline code', async () => {
    fx = await openFixture();
    const a = await fx.engine.charge(SALE);
    await fx.engine.settled();
    fx.bank.setStatus('pay-1', 'REFUSED', { failure_reason: 'insufficient_funds' });
    await fx.advance(1000);
    assert.equal(fx.engine.get(a.id)?.state, 'refused');
    assert.equal(fx.engine.get(a.id)?.failureReason, 'insufficient_funds');
  });

  test('a 4xx that will not change on resend is rejected at once with the bank\'s reason, never resent', async () => {
    fx = await openFixture();
    fx.bank.createScript.push(httpError(422, { detail: 'amount is too large' }));
    const a = await fx.engine.charge(SALE);
    await fx.advance(20_000, 1000);
    const r = fx.engine.get(a.id);
    assert.equal(r?.state, 'rejected');
    assert.equal(r?.failureReason, 'amount is too large');
    assert.equal(r?.lastError?.status, 422);
    assert.equal(fx.bank.creates.length, 1);
  });

  test('a 202 without a payment id is not trusted as an outcome: resent with the same key', async () => {
    fx = await openFixture();
    fx.bank.createPayment = (() => {
      const real = fx.bank.createPayment.bind(fx.bank);
      let first = true;
      return async (...args: Parameters<typeof real>) => {
        const res = await real(...args);
        if (!first) return res;
        first = false;
        return { ...res, id: '' };
      };
    })();
    const a = await fx.engine.charge(SALE);
    await fx.engine.settled();
    assert.equal(fx.engine.get(a.id)?.state, 'send_failed');
    await fx.advance(1000);
    assert.equal(fx.engine.get(a.id)?.state, 'accepted');
    assert.equal(fx.bank.paymentCount(), 1);
  });
});

describe('resends (same key)', () => {
  test('transport faults, 5xx and 429 are resent automatically after 1, 2, 4, 8 s with the SAME key', async () => {
    fx = await openFixture();
    fx.bank.createScript.push(transportError('reset'), httpError(503), httpError(500), transportError('timeout'));
    const a = await fx.engine.charge(SALE);
    await fx.engine.settled();
    assert.equal(fx.engine.get(a.id)?.state, 'send_failed');
    const at: number[] = [];
    fx.bank.onCreate = () => at.push(fx.clock.now() - T0);
    await fx.advance(16_000);
    assert.deepEqual(at, [1000, 3000, 7000, 15000]);
    assert.deepEqual(new Set(fx.bank.creates.map((c) => c.key)), new Set([a.idempotencyKey]));
    assert.equal(fx.engine.get(a.id)?.state, 'accepted');
    assert.equal(fx.engine.get(a.id)?.sends, 5);
    assert.equal(fx.bank.paymentCount(), 1);
  });

  test('Retry-After of a 429 is honoured when longer than the backoff', async () => {
    fx = await openFixture();
    fx.bank.createScript.push(httpError(429, { retryAfterMs: 5000 }));
    await fx.engine.charge(SALE);
    await fx.advance(4900);
    assert.equal(fx.bank.creates.length, 1);
    await fx.advance(200);
    assert.equal(fx.bank.creates.length, 2);
  });

  test('the cashier may resend by hand, same key, only from send_failed', async () => {
    fx = await openFixture({ policy: { resendBackoffMs: [] } });
    fx.bank.createScript.push(httpError(502), httpError(502));
    const a = await fx.engine.charge(SALE);
    await fx.advance(10_000, 500);
    assert.equal(fx.bank.creates.length, 1, 'automatic resends are off in this test');
    await fx.engine.resend(a.id);
    await fx.engine.settled();
    assert.equal(fx.bank.creates.length, 2);
    assert.equal(fx.engine.get(a.id)?.state, 'send_failed');
    const resent = await fx.engine.resend(a.id);
    assert.equal(resent.state, 'sending');
    await fx.engine.settled();
    assert.equal(fx.engine.get(a.id)?.state, 'accepted');
    assert.equal(fx.bank.creates[2]?.key, a.idempotencyKey);
    await assert.rejects(fx.engine.resend(a.id), (e: unknown) => e instanceof EngineRefusal && e.code === 'conflict');
    await assert.rejects(fx.engine.resend('00000000-0000-4000-8000-000000000000'), (e: unknown) => e instanceof EngineRefusal && e.code === 'not_found');
  });

  test('nothing is resent at or after the deadline: send_failed becomes timed_out', async () => {
    fx = await openFixture({ policy: { resendBackoffMs: [10_000] } });
    fx.bank.createScript.push(...Array.from({ length: 50 }, () => httpError(503)));
    const sentAt: number[] = [];
    fx.bank.onCreate = () => sentAt.push(fx.clock.now() - T0);
    const a = await fx.engine.charge(SALE);
    await fx.advance(119_000, 1000);
    assert.equal(fx.engine.get(a.id)?.state, 'send_failed');
    await fx.advance(1000);
    assert.equal(fx.engine.get(a.id)?.state, 'timed_out');
    await assert.rejects(fx.engine.resend(a.id), /only a failed send can be resent/);
    const before = fx.bank.creates.length;
    await fx.advance(60_000, 5000);
    assert.equal(fx.bank.creates.length, before);
    // The answer to each send is handled on the next 1 s step of advance(), then the 10 s backoff starts.
    assert.deepEqual(sentAt, [0, ...Array.from({ length: 11 }, (_, i) => 11_000 + i * 10_000)], 'every backoff up to the deadline, none at or after it');
    assert.deepEqual(journaledStates(fx.dir, a.id).slice(-2), ['send_failed', 'timed_out']);
  });

  test('a backoff that would end after the deadline is not scheduled', async () => {
    fx = await openFixture();
    fx.bank.createScript.push(httpError(429, { retryAfterMs: 200_000 }));
    const a = await fx.engine.charge(SALE);
    await fx.advance(121_000, 1000);
    assert.equal(fx.bank.creates.length, 1);
    assert.equal(fx.engine.get(a.id)?.state, 'timed_out');
  });

  test('no send ever uses a key older than its lifetime', async () => {
    fx = await openFixture({ policy: { idempotencyKeyTtlMs: 5000, resendBackoffMs: [1000, 2000, 4000, 8000] } });
    fx.bank.createScript.push(httpError(503), httpError(503), httpError(503), httpError(503));
    const a = await fx.engine.charge(SALE);
    await fx.advance(20_000, 500);
    // Sends at 0, 1 s and 3 s; the one due at 7 s would use a 7 s old key.
    assert.equal(fx.bank.creates.length, 3);
    await assert.rejects(fx.engine.resend(a.id), /idempotency key is too old/);
  });
});

describe('deadline', () => {
  test('accepted without an outcome by the deadline becomes timed_out; polls were 1 s then 2 s', async () => {
    fx = await openFixture();
    const a = await fx.engine.charge(SALE);
    await fx.engine.settled();
    const at: number[] = [];
    const get = fx.bank.getPayment.bind(fx.bank);
    fx.bank.getPayment = (id, o) => (at.push(fx.clock.now() - T0), get(id, o));
    await fx.advance(119_900);
    assert.equal(fx.engine.get(a.id)?.state, 'accepted');
    assert.deepEqual(at.slice(0, 8), [1000, 2000, 3000, 4000, 5000, 7000, 9000, 11000]);
    await fx.advance(100);
    assert.equal(fx.engine.get(a.id)?.state, 'timed_out');
    assert.equal(fx.engine.active()?.id, a.id, 'a timed-out attempt still holds the register');
  });

  test('a request still in flight at the deadline is cut and the attempt times out (unknown outcome)', async () => {
    fx = await openFixture();
    fx.bank.createScript.push('hold');
    const a = await fx.engine.charge(SALE);
    await fx.advance(120_000, 1000);
    const t = fx.engine.get(a.id);
    assert.equal(t?.state, 'timed_out');
    assert.equal(t?.lastError?.kind, 'timeout');
    assert.deepEqual(journaledStates(fx.dir, a.id), ['sending', 'send_failed', 'timed_out']);
    assert.equal(fx.bank.creates.length, 1);
  });
});
