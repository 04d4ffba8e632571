/** The cashier's rules: one active attempt per register, retry with a new key, abandon, recheck, today's view. */
import { afterEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { terminalOutcomes } from '../api/terminal-outcomes.js';
import { EngineRefusal } from './engine-refusal.js';
import { PaymentEngine } from './engine.js';
import { FakeBank, httpError } from './stand-ins/fake-bank.js';
import { journaledStates, openFixture, SALE, type Fixture } from './testing/engine-fixture.js';

let fx: Fixture;
afterEach(async () => fx?.cleanup());

const isCode = (code: string) => (e: unknown) => e instanceof EngineRefusal && e.code === code;

/** Charges and lets the deadline pass without an outcome. */
async function timedOut(f: Fixture) {
  const a = await f.engine.charge(SALE);
  await f.advance(120_000, 2000);
  assert.equal(f.engine.get(a.id)?.state, 'timed_out');
  return a;
}

describe('one active attempt per register', () => {
  test('charge is refused while another attempt is sending, failed, accepted or timed out', async () => {
    fx = await openFixture();
    fx.bank.createScript.push('hold');
    const a = await fx.engine.charge(SALE);
    await assert.rejects(fx.engine.charge(SALE), isCode('conflict'));
    fx.bank.release();
    await fx.engine.settled();
    assert.equal(fx.engine.get(a.id)?.state, 'accepted');
    await assert.rejects(fx.engine.charge(SALE), /still holds this register/);
    await fx.advance(120_000, 2000);
    await assert.rejects(fx.engine.charge(SALE), isCode('conflict'));
    assert.equal(fx.bank.creates.length, 1);
  });

  test('two charges at the same instant: exactly one is journaled', async () => {
    fx = await openFixture();
    const results = await Promise.allSettled([fx.engine.charge(SALE), fx.engine.charge(SALE)]);
    assert.deepEqual(results.map((r) => r.status).sort(), ['fulfilled', 'rejected']);
    await fx.engine.settled();
    assert.equal(fx.bank.creates.length, 1);
  });

  test('a final attempt frees the register', async () => {
    fx = await openFixture();
    const a = await fx.engine.charge(SALE);
    await fx.engine.settled();
    fx.bank.setStatus('pay-1', 'AUTHORIZED');
    await fx.advance(1000);
    assert.equal(fx.engine.get(a.id)?.state, 'authorized');
    const b = await fx.engine.charge({ ...SALE, amountMinor: 500 });
    assert.notEqual(b.saleId, a.saleId);
    assert.notEqual(b.idempotencyKey, a.idempotencyKey);
  });

  test('an unresolved attempt still holds the counter after the register id changed (damaged settings regenerate it)', async () => {
    fx = await openFixture();
    const a = await timedOut(fx);
    await fx.engine.close();
    const other = await PaymentEngine.open({ dataDir: fx.dir, bank: terminalOutcomes(new FakeBank()), clock: fx.clock, registerId: 'reg-regenerated' });
    try {
      assert.equal(other.active()?.id, a.id);
      await assert.rejects(other.charge(SALE), isCode('conflict'));
    } finally {
      await other.close();
    }
  });

  test('invalid charge input is refused before anything is journaled', async () => {
    fx = await openFixture();
    await assert.rejects(fx.engine.charge({ ...SALE, amountMinor: 5 }), isCode('invalid_request'));
    await assert.rejects(fx.engine.charge({ ...SALE, amountMinor: 10.5 }), /whole number of cents/);
    await assert.rejects(fx.engine.charge({ ...SALE, metadata: { big: 'x'.repeat(2000) } }), /at most 1024/);
    await assert.rejects(fx.engine.charge({ ...SALE, terminalId: '../x' }), /terminalId/);
    assert.equal(fx.updates.length, 0);
  });
});

describe('retry', () => {
  test('a refused attempt is retried as a new linked attempt with a NEW key', async () => {
    fx = await openFixture();
    const a = await fx.engine.charge(SALE);
    await fx.engine.settled();
    fx.bank.setStatus('pay-1', 'REFUSED');
    await fx.advance(1000);
    const b = await fx.engine.tryAgain(a.id);
    assert.equal(b.previousAttemptId, a.id);
    assert.equal(b.saleId, a.saleId);
    assert.notEqual(b.idempotencyKey, a.idempotencyKey);
    assert.deepEqual([b.terminalId, b.amountMinor, b.metadata], [a.terminalId, a.amountMinor, a.metadata]);
    assert.equal(fx.engine.get(a.id)?.retriedBy, b.id);
    await fx.engine.settled();
    assert.deepEqual(fx.bank.creates.map((c) => c.key), [a.idempotencyKey, b.idempotencyKey]);
    await assert.rejects(fx.engine.tryAgain(a.id), /already retried/);
  });

  test('a rejected attempt can be retried; an accepted or authorized one cannot', async () => {
    fx = await openFixture();
    fx.bank.createScript.push(httpError(404));
    const a = await fx.engine.charge(SALE);
    await fx.engine.settled();
    assert.equal(fx.engine.get(a.id)?.state, 'rejected');
    const b = await fx.engine.tryAgain(a.id);
    await fx.engine.settled();
    assert.equal(fx.engine.get(b.id)?.state, 'accepted');
    await assert.rejects(fx.engine.chargeAgain(b.id, { confirmedNoPayment: true }), /only a timed-out attempt can be charged again/);
    await assert.rejects(fx.engine.tryAgain(b.id), /only a refused or rejected attempt/);
  });

  test('a timed-out attempt is retried only with the cashier\'s confirmation, which releases the register', async () => {
    fx = await openFixture();
    const a = await timedOut(fx);
    await assert.rejects(fx.engine.chargeAgain(a.id, { confirmedNoPayment: false }), /confirm it shows no payment/);
    await assert.rejects(fx.engine.charge(SALE), isCode('conflict'));
    const b = await fx.engine.chargeAgain(a.id, { confirmedNoPayment: true });
    assert.equal(fx.engine.get(a.id)?.retriedBy, b.id);
    assert.equal(fx.engine.active()?.id, b.id);
    assert.equal(fx.engine.get(a.id)?.state, 'timed_out', 'the old attempt keeps its unknown outcome');
  });
});

describe('no new key for a sale that may be paid', () => {
  test('a 4xx on a RESEND is not a rejection: the lost first request may have made the payment', async () => {
    fx = await openFixture({ policy: { resendBackoffMs: [1000] } });
    // The first request creates the payment but its 202 is lost; the resend meets a 403 (e.g. a scope lost at re-sign-in).
    fx.bank.createScript.push('lose', httpError(403, { detail: 'missing scope terminal.write' }));
    const a = await fx.engine.charge(SALE);
    await fx.advance(2000, 500);
    assert.equal(fx.bank.creates.length, 2);
    const after = fx.engine.get(a.id);
    assert.equal(after?.state, 'send_failed', 'the outcome of the first request is still unknown');
    assert.equal(after?.lastError?.status, 403);
    await assert.rejects(fx.engine.tryAgain(a.id), isCode('conflict'));
    await fx.advance(120_000, 2000);
    assert.equal(fx.engine.get(a.id)?.state, 'timed_out');
    await assert.rejects(fx.engine.chargeAgain(a.id, { confirmedNoPayment: false }), /outcome is unknown/);
    assert.equal(fx.bank.creates.length, 2);
    assert.equal(fx.bank.paymentCount(), 1);
  });

  test('a sale paid by a late authorization is never retried with a new key', async () => {
    fx = await openFixture();
    const a = await timedOut(fx);
    const b = await fx.engine.chargeAgain(a.id, { confirmedNoPayment: true });
    await fx.engine.settled();
    fx.bank.setStatus('pay-2', 'REFUSED');
    await fx.advance(1000);
    assert.equal(fx.engine.get(b.id)?.state, 'refused');
    fx.bank.setStatus('pay-1', 'AUTHORIZED');
    await fx.advance(10_000, 1000);
    assert.equal(fx.engine.get(a.id)?.state, 'authorized', 'the first attempt was paid after all');
    await assert.rejects(fx.engine.tryAgain(b.id), /already paid/);
    assert.equal(fx.bank.creates.length, 2);
  });
});

describe('abandon and recheck', () => {
  test('abandon frees the register, stops resends, but the payment is still watched', async () => {
    fx = await openFixture();
    fx.bank.createScript.push(httpError(503));
    const a = await fx.engine.charge(SALE);
    await fx.engine.settled();
    const ab = await fx.engine.abandon(a.id);
    assert.equal(ab.abandoned, true);
    assert.equal(fx.engine.active(), null);
    await fx.advance(60_000, 1000);
    assert.equal(fx.bank.creates.length, 1, 'an abandoned attempt is never resent');
    await assert.rejects(fx.engine.resend(a.id), /abandoned/);
    await fx.advance(60_000, 1000);
    assert.equal(fx.engine.get(a.id)?.state, 'timed_out');
  });

  test('an abandoned accepted attempt is polled to its outcome', async () => {
    fx = await openFixture();
    const a = await fx.engine.charge(SALE);
    await fx.engine.settled();
    await fx.engine.abandon(a.id);
    const b = await fx.engine.charge({ ...SALE, terminalId: 'term-2' });
    fx.bank.setStatus('pay-1', 'AUTHORIZED');
    await fx.advance(1000);
    assert.equal(fx.engine.get(a.id)?.state, 'authorized');
    assert.equal(fx.engine.active()?.id, b.id);
    await assert.rejects(fx.engine.abandon(a.id), /already authorized/);
  });

  test('recheck reads the payment now; it needs a payment id', async () => {
    fx = await openFixture();
    const a = await timedOut(fx);
    fx.bank.setStatus('pay-1', 'Authorized');
    const r = await fx.engine.checkAgain(a.id);
    assert.equal(r.state, 'authorized');
    assert.equal(r.lateOutcome, true);
    await assert.rejects(fx.engine.checkAgain(a.id), /only an accepted or timed-out/);

    fx.bank.createScript.push('hold');
    const b = await fx.engine.charge(SALE);
    await fx.advance(120_000, 2000);
    assert.equal(fx.engine.get(b.id)?.state, 'timed_out');
    await assert.rejects(fx.engine.checkAgain(b.id), /no payment id/);
  });

  test('a failed recheck read throws the bank error and changes nothing', async () => {
    fx = await openFixture();
    const a = await fx.engine.charge(SALE);
    await fx.engine.settled();
    fx.bank.getScript.push(httpError(503));
    await assert.rejects(fx.engine.checkAgain(a.id), /503/);
    assert.equal(fx.engine.get(a.id)?.state, 'accepted');
  });
});

describe("today's view", () => {
  test('lists attempts newest first with the authorized total and no warnings', async () => {
    fx = await openFixture();
    const a = await fx.engine.charge(SALE);
    await fx.engine.settled();
    fx.bank.setStatus('pay-1', 'AUTHORIZED', { authorized_amount: { value: '13.80', currency: 'EUR' } });
    await fx.advance(1000);
    const b = await fx.engine.charge({ ...SALE, amountMinor: 250 });
    await fx.engine.settled();
    const view = fx.engine.today();
    assert.deepEqual(view.attempts.map((x) => x.id), [b.id, a.id]);
    assert.equal(view.totals.authorized.authorizedMinor, 1380);
    assert.deepEqual(view.journalWarnings, []);
    assert.deepEqual(journaledStates(fx.dir, a.id), ['sending', 'accepted', 'authorized']);
  });
});
