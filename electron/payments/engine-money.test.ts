/** Today's figures hear the manager's money records the engine writes, and find them again after a restart. */
import { afterEach, test } from 'node:test';
import assert from 'node:assert/strict';
import { openFixture, SALE, type Fixture } from './testing/engine-fixture.js';

let fx: Fixture;
afterEach(async () => fx?.cleanup());

test('a refund and a hand settlement change Today at once and after a restart; the view\'s number includes them', async () => {
  fx = await openFixture();
  const paid = await fx.engine.charge(SALE);
  await fx.engine.settled();
  fx.bank.setStatus('pay-1', 'AUTHORIZED');
  await fx.advance(1000);
  const elsewhere = { attemptId: 'of-another-day', outcome: 'paid' as const, cardLast4: null, authorizationCode: null };
  const before = fx.engine.today().seq;
  const entry = await fx.engine.appendRecord('refund', {
    refundId: 'r1', attemptId: paid.id, saleId: paid.saleId, paymentKey: paid.idempotencyKey, terminalId: paid.terminalId,
    registerId: paid.registerId, amountMinor: 330, currency: 'EUR', where: 'terminal', reason: 'returned',
  }, 'Marie');
  // A settlement of a payment not listed today changes nothing here.
  await fx.engine.appendRecord('settlement', elsewhere, 'Paul');
  const view = fx.engine.today();
  assert.ok(view.seq > before && view.seq >= (entry.seq ?? 0), 'a window takes this view over the older one');
  assert.equal(view.totals.refundedMinor, 330);
  assert.equal(view.totals.netMinor, 1000);
  assert.deepEqual(view.marks?.[paid.id], { refundedMinor: 330, refundIds: ['r1'], settled: null });

  fx = await fx.reopen({ bank: fx.bank });
  const again = fx.engine.today();
  assert.equal(again.totals.netMinor, 1000, 'read back from the day file at start-up');
  assert.equal(again.marks?.[paid.id]?.refundedMinor, 330);
});

test('Today says the day was closed, by whom and when, from the closing record, at once and after a restart', async () => {
  fx = await openFixture();
  assert.equal(fx.engine.today().closed, undefined);
  const day = fx.engine.today().totals.day;
  const totals = { ...fx.engine.today().totals, sales: 0, averageTicketMinor: null };
  const entry = await fx.engine.appendRecord('close', { day, registerId: 'reg-1', totals, attemptIds: [] }, { id: 'marie', name: 'Marie' });
  assert.ok(entry.known, 'a closing the journal reads back');
  assert.deepEqual(fx.engine.today().closed, { by: { id: 'marie', name: 'Marie' }, at: entry.at });
  fx = await fx.reopen({ bank: fx.bank });
  assert.deepEqual(fx.engine.today().closed, { by: { id: 'marie', name: 'Marie' }, at: entry.at }, 'read back from the day file at start-up');
});
