/** The money rules of refunds and hand settlements, and the request shapes that carry them. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_POLICY } from './attempt-policy.js';
import { ATTEMPT_DEADLINE_MS } from './attempt.js';
import { dayTotals } from './day-view.js';
import { inState, T0 } from '../testing/attempt-samples.js';
import { refundRefusal, remainingMinor, settlementRefusal } from './refunds.js';
import { validate } from '../ipc/schema-kit.js';
import { refundRequest, settleRequest } from '../ipc/money-requests.js';

const paid = { status: 'authorized' as const, authorizedMinor: 1000 };

test('a refund is refused when zero, more than what remains, or on an unpaid payment', () => {
  assert.equal(refundRefusal(paid, 0, 0), 'zero_amount');
  assert.equal(refundRefusal(paid, 0, -5), 'zero_amount');
  assert.equal(refundRefusal(paid, 0, 1.5), 'zero_amount');
  assert.equal(refundRefusal({ status: 'refused', authorizedMinor: null }, 0, 100), 'not_paid');
  assert.equal(refundRefusal({ status: 'no_answer', authorizedMinor: null }, 0, 100), 'not_paid');
  assert.equal(refundRefusal(paid, 400, 601), 'over_refund');
  assert.equal(refundRefusal(paid, 400, 600), null);
  assert.equal(remainingMinor(paid, 400), 600);
  assert.equal(remainingMinor({ status: 'refused', authorizedMinor: null }, 0), 0);
});

test('only a payment without outcome, after the late watch, and once, may be settled by hand', () => {
  const row = { status: 'no_answer' as const, createdAt: 0, settledByHand: false };
  const over = ATTEMPT_DEADLINE_MS + DEFAULT_POLICY.lateWatchMs + 1;
  assert.equal(settlementRefusal(row, ATTEMPT_DEADLINE_MS + 1000), 'still_watched');
  assert.equal(settlementRefusal(row, over), null);
  assert.equal(settlementRefusal({ ...row, settledByHand: true }, over), 'already_settled');
  assert.equal(settlementRefusal({ ...row, status: 'authorized' }, over), 'has_outcome');
  assert.equal(settlementRefusal({ ...row, status: 'open' }, over), 'still_watched');
});

test('refund and settlement requests: shape checked, zero left to the money rule', () => {
  const ok = { attemptId: '0f8fad5b-d9cb-469f-a165-70867728950e', day: '2026-03-01', amountMinor: 0, where: 'terminal', reason: ' item back ', by: 'Claire' };
  const r = validate(refundRequest, ok);
  assert.ok(r.ok && r.value.reason === 'item back');
  assert.equal(validate(refundRequest, { ...ok, where: 'cash' }).ok, false, 'never cash');
  assert.equal(validate(refundRequest, { ...ok, amountMinor: 1.5 }).ok, false);
  assert.equal(validate(refundRequest, { ...ok, reason: '   ' }).ok, false);
  assert.equal(validate(refundRequest, { ...ok, extra: 1 }).ok, false);
  const s = { attemptId: ok.attemptId, day: ok.day, outcome: 'not_paid', cardLast4: null, authorizationCode: null, by: 'Claire' };
  assert.equal(validate(settleRequest, s).ok, true);
  assert.equal(validate(settleRequest, { ...s, cardLast4: '42' }).ok, false);
  assert.equal(validate(settleRequest, { ...s, authorizationCode: 'A B' }).ok, false);
  assert.equal(validate(settleRequest, { ...s, outcome: 'maybe' }).ok, false);
});

test('Today: a refund counts on the day it was recorded, a settlement changes its payment\'s share, the tally agrees', () => {
  const dayOf = (ms: number) => (ms < T0 + 86_400_000 ? 'd1' : 'd2');
  const paid = { ...inState.authorized, id: 'p', possibleDuplicate: false, abandoned: false };
  const lost = { ...inState.timed_out, id: 'l', amountMinor: 700 };
  const refund = { refundId: 'r', attemptId: 'p', saleId: 'p', paymentKey: 'k', terminalId: 't', registerId: 'R', amountMinor: 300, currency: 'EUR', where: 'terminal' as const, reason: 'x', at: T0 + 5000, by: 'Marie' };
  const settlement = { attemptId: 'l', outcome: 'paid' as const, cardLast4: null, authorizationCode: null, at: T0 + 4_000_000, by: 'Marie' };
  const money = { refunds: [refund, { ...refund, refundId: 'r2', at: T0 + 90_000_000 }], settlements: new Map([['l', settlement]]) };
  const d1 = dayTotals([paid, lost], 'd1', dayOf, money);
  assert.equal(d1.authorized.authorizedMinor, 1700);
  assert.equal(d1.refundedMinor, 300, 'the next day\'s refund is not this day\'s');
  assert.equal(d1.netMinor, 1400);
  assert.equal(d1.noAnswer, 0);
  assert.equal(d1.settledByHand, 1);
  assert.equal(dayTotals([paid, lost], 'd1', dayOf).noAnswer, 1, 'without the settlement it is still unknown');
  const d2 = dayTotals([paid, lost], 'd2', dayOf, money);
  assert.equal(d2.netMinor, -300);
});
