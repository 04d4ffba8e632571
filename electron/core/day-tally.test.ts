/**
 * The running tally the windows get with each record must always equal the full count of
 * the day (dayTotals over every attempt as it now stands), whatever order attempts are
 * created, authorized, flagged as duplicates and resolved in, across days.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { FRESH_ATTEMPT_FIELDS, type Attempt } from '../../shared/domain/attempt.js';
import { dayTotals } from '../../shared/domain/day-view.js';
import { localDay } from '../payments/journal-files.js';
import { DayTally } from './day-tally.js';

const T0 = new Date(2026, 10, 27, 12).getTime();
const DAY = 86_400_000;

const attempt = (i: number, daysAgo: number, amountMinor: number): Attempt => ({
  id: `a${i}`, saleId: `s${i}`, previousAttemptId: null, registerId: 'R', terminalId: 't', amountMinor, currency: 'EUR', metadata: {},
  idempotencyKey: `k${i}`, createdAt: T0 - daysAgo * DAY, deadlineAt: T0 - daysAgo * DAY + 120_000, state: 'sending', updatedAt: T0, ...FRESH_ATTEMPT_FIELDS,
});

type Change = (a: Attempt) => Attempt;
const CHANGES: Change[] = [
  (a) => ({ ...a, state: 'accepted', paymentId: 'p' }),
  (a) => ({ ...a, state: 'authorized', authorizedAmountMinor: a.amountMinor + 150, tipMinor: 150 }),
  (a) => ({ ...a, state: 'authorized', authorizedAmountMinor: null, tipMinor: null }),
  (a) => ({ ...a, state: 'authorized', authorizedAmountMinor: a.amountMinor, possibleDuplicate: true }),
  (a) => ({ ...a, resolution: { kind: 'refunded_outside', note: 'cash back', at: T0 } }),
  (a) => ({ ...a, state: 'refused', failureReason: 'do_not_honor' }),
  (a) => ({ ...a, state: 'timed_out' }),
];

test('the tally equals the full count of the day after every change', () => {
  fc.assert(fc.property(
    fc.array(fc.record({ who: fc.nat(7), daysAgo: fc.nat(2), amount: fc.integer({ min: 1, max: 500_000 }), change: fc.nat(CHANGES.length) }), { maxLength: 60 }),
    (steps) => {
      const current = new Map<string, Attempt>();
      const tally = new DayTally(localDay);
      const today = localDay(T0);
      tally.reset(today, []);
      for (const s of steps) {
        const id = `a${s.who}`;
        const before = current.get(id) ?? attempt(s.who, s.daysAgo, s.amount);
        const next = s.change === CHANGES.length ? before : CHANGES[s.change]!(before);
        current.set(id, next);
        tally.update(next);
        assert.deepEqual(tally.totals(), dayTotals([...current.values()], today, localDay));
      }
      // Starting over from the same attempts gives the same figures, and another day its own.
      const again = new DayTally(localDay);
      again.reset(today, current.values());
      assert.deepEqual(again.totals(), tally.totals());
      const yesterday = localDay(T0 - DAY);
      again.reset(yesterday, current.values());
      assert.deepEqual(again.totals(), dayTotals([...current.values()], yesterday, localDay));
    },
  ));
});

test('with refunds and a hand settlement, the tally still equals the full count', () => {
  const today = localDay(T0);
  const paid = { ...attempt(1, 0, 1000), state: 'authorized' as const, authorizedAmountMinor: 1000, paymentId: 'p' };
  const lost = { ...attempt(2, 0, 700), state: 'timed_out' as const };
  const refund = { refundId: 'r', attemptId: 'a1', saleId: 's1', paymentKey: 'k1', terminalId: 't', registerId: 'R', amountMinor: 400, currency: 'EUR', where: 'bank_app' as const, reason: 'x', at: T0, by: 'M' };
  const money = { refunds: [refund, { ...refund, at: T0 - DAY }], settlements: new Map([['a2', { attemptId: 'a2', outcome: 'not_paid' as const, cardLast4: null, authorizationCode: null, at: T0, by: 'M' }]]) };
  const tally = new DayTally(localDay);
  tally.reset(today, [paid, lost], money);
  const full = dayTotals([paid, lost], today, localDay, money);
  assert.deepEqual(tally.totals(), full);
  assert.equal(full.netMinor, 600);
  assert.equal(full.refused, 1);
  tally.update({ ...paid, updatedAt: T0 + 1 });
  assert.deepEqual(tally.totals(), full);
});
