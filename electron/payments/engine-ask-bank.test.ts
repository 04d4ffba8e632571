/**
 * The lost 202 after the deadline: the bank may hold the payment, the till has no id.
 * A manager asks the bank with the original key; the answer tells the original payment
 * (read to its outcome) from a new prompt (the first request never arrived).
 */
import { afterEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { openFixture, SALE, type Fixture } from './testing/engine-fixture.js';
import { transportError } from './stand-ins/fake-bank.js';

let fx: Fixture | undefined;
afterEach(async () => {
  await fx?.cleanup();
  fx = undefined;
});

/** Every send fails for 121 s: the first one as `first`, then the network is down. */
async function timedOutWithoutId(first: 'lose' | 'refused') {
  fx = await openFixture();
  fx.bank.createScript.push(first === 'lose' ? 'lose' : transportError('connect_refused'), ...Array.from({ length: 40 }, () => transportError('connect_refused')));
  const a = await fx.engine.charge(SALE);
  await fx.advance(121_000, 1000);
  fx.bank.createScript.length = 0;
  // A restart after the deadline, as in the reports.
  fx = await fx.reopen({ bank: fx.bank });
  const t = fx.engine.get(a.id);
  assert.equal(t?.state, 'timed_out');
  assert.equal(t?.paymentId, null);
  return a;
}

describe('asking the bank about a lost 202', () => {
  test('the bank made the payment: its id comes back with the original key and its outcome is read', async () => {
    const a = await timedOutWithoutId('lose');
    assert.equal(fx!.bank.paymentCount(), 1, 'the bank has the payment the till never heard of');
    await assert.rejects(fx!.engine.checkAgain(a.id), /no payment id/, 'Check again still has nothing to read');
    const asked = await fx!.engine.askBank(a.id);
    assert.equal(asked.bankAsked?.answer, 'pending');
    await fx!.engine.settled();
    const found = fx!.engine.get(a.id)!;
    assert.equal(found.bankAsked?.answer, 'original');
    assert.equal(found.paymentId, 'pay-1');
    assert.equal(fx!.bank.paymentCount(), 1, 'asking made no second payment');
    fx!.bank.setStatus('pay-1', 'AUTHORIZED');
    await fx!.advance(11_000, 1000);
    assert.equal(fx!.engine.get(a.id)?.state, 'authorized');
    assert.equal(fx!.engine.get(a.id)?.lateOutcome, true);
    assert.ok(fx!.bank.creates.every((c) => c.key === a.idempotencyKey));
  });

  test('the first request never arrived: the answer echoes the marker, so the manager is told a new prompt is on the terminal', async () => {
    const a = await timedOutWithoutId('refused');
    assert.equal(fx!.bank.paymentCount(), 0);
    await fx!.engine.askBank(a.id);
    await fx!.engine.settled();
    const found = fx!.engine.get(a.id)!;
    assert.equal(found.bankAsked?.answer, 'new_prompt');
    assert.equal(fx!.bank.paymentCount(), 1);
    // The manager, at the terminal, cancels it there: the terminal reports it refused.
    fx!.bank.setStatus(found.paymentId!, 'REFUSED', { failure_reason: 'cancelled' });
    await fx!.advance(11_000, 1000);
    assert.equal(fx!.engine.get(a.id)?.state, 'refused');
  });

  test('after the key\'s 30 minutes asking is refused: a resend would be a new charge', async () => {
    const a = await timedOutWithoutId('lose');
    fx!.clock.advance(30 * 60_000);
    await assert.rejects(fx!.engine.askBank(a.id), /forgets a payment's key after 30 minutes/);
    assert.equal(fx!.bank.creates.filter((c) => c.key === a.idempotencyKey).length, fx!.bank.creates.length);
  });

  test('a sale charged again is not asked about', async () => {
    const a = await timedOutWithoutId('refused');
    await fx!.engine.chargeAgain(a.id, { confirmedNoPayment: true });
    await assert.rejects(fx!.engine.askBank(a.id), /charged again/);
  });
});
