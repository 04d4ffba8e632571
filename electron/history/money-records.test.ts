/**
 * Refunds and hand settlements written into a real journal: refused with nothing written when
 * the money rules say no (zero, more than remains, an unpaid payment, a settlement during the
 * late watch), and when accepted, counted in the journal view's rows and net takings.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Attempt } from '../../shared/domain/attempt.js';
import { DEFAULT_POLICY } from '../../shared/domain/attempt-policy.js';
import { withTempDir } from '../fs/testing/temp-dir.js';
import { Journal } from '../payments/journal.js';
import { newAttempt } from '../payments/new-attempt.js';
import { SALE, T0 } from '../payments/testing/engine-fixture.js';
import { journalWriter } from '../payments/testing/record-writer.js';
import { DayService } from './day-service.js';
import { MoneyRecordRefused, MoneyRecords } from './money-records.js';

const DAY1 = '2026-04-01';
const DAY2 = '2026-04-02';
const none = (): Attempt[] => [];
const sale = (at: number): Attempt => newAttempt({ ...SALE, registerId: 'reg-1', saleId: null, previousAttemptId: null }, at);
const refused = (why: string) => (e: unknown) => e instanceof MoneyRecordRefused && e.why === why;

async function setup(dir: string) {
  let now = T0;
  const { journal } = await Journal.open(dir);
  const records = journalWriter(journal, () => now);
  const days = new DayService({ journalDir: join(dir, 'journal'), records, registerId: 'reg-1', now: () => now });
  const money = new MoneyRecords({ days, records, registerId: 'reg-1', now: () => now });
  const lines = () => readFileSync(join(dir, 'journal', `${DAY1}.jsonl`), 'utf8').trim().split('\n').length;
  return { journal, days, money, lines, setNow: (ms: number) => { now = ms; }, write: (kind: 'create' | 'update', a: Attempt) => journal.append(kind, a.updatedAt, [a], none) };
}

describe('refunds', () => {
  test('a part refund nets the totals; zero, over-refund and unpaid are refused with nothing written', async () => {
    await withTempDir('counterpay-refund-', async (dir) => {
      const s = await setup(dir);
      const paid = { ...sale(T0), state: 'authorized' as const, authorizedAmountMinor: 1250, paymentId: 'p1', updatedAt: T0 + 1000 };
      const unpaid = { ...sale(T0 + 2000), state: 'refused' as const, updatedAt: T0 + 3000 };
      await s.write('create', { ...paid, state: 'sending' as const, authorizedAmountMinor: null, paymentId: null });
      await s.write('update', paid);
      await s.write('create', { ...unpaid, state: 'sending' as const });
      await s.write('update', unpaid);
      const base = { day: DAY1, where: 'terminal' as const, reason: 'one item back', by: 'Marie' };
      const before = s.lines();

      await assert.rejects(s.money.recordRefund({ ...base, attemptId: paid.id, amountMinor: 0 }), refused('zero_amount'));
      await assert.rejects(s.money.recordRefund({ ...base, attemptId: unpaid.id, amountMinor: 100 }), refused('not_paid'));
      await assert.rejects(s.money.recordRefund({ ...base, attemptId: paid.id, amountMinor: 1251 }), (e: unknown) =>
        refused('over_refund')(e) && (e as MoneyRecordRefused).params.amountMinor === 1250);
      assert.equal(s.lines(), before, 'a refused refund writes nothing');

      const r = await s.money.recordRefund({ ...base, attemptId: paid.id, amountMinor: 500 });
      assert.equal(r.by, 'Marie');
      assert.equal(r.saleId, paid.saleId);
      const view = await s.days.history({ from: DAY1, to: DAY1 });
      assert.equal(view.totals.authorized.authorizedMinor, 1250);
      assert.equal(view.totals.refundedMinor, 500);
      assert.equal(view.totals.netMinor, 750);
      assert.equal(view.rows.find((x) => x.attemptId === paid.id)?.refundedMinor, 500);
      assert.deepEqual(view.refunds.map((x) => x.amountMinor), [500]);
      // What remains is 7,50 €: 7,51 € is refused, 7,50 € accepted, then nothing more.
      await assert.rejects(s.money.recordRefund({ ...base, attemptId: paid.id, amountMinor: 751 }), refused('over_refund'));
      await s.money.recordRefund({ ...base, where: 'bank_app', attemptId: paid.id, amountMinor: 750 });
      await assert.rejects(s.money.recordRefund({ ...base, attemptId: paid.id, amountMinor: 1 }), refused('over_refund'));
      await s.journal.close();
    });
  });

  test('a refund counts on the day it is recorded: the sale\'s closed day keeps its figures', async () => {
    await withTempDir('counterpay-refund-day-', async (dir) => {
      const s = await setup(dir);
      const paid = { ...sale(T0), state: 'authorized' as const, authorizedAmountMinor: 2000, paymentId: 'p1', updatedAt: T0 + 1000 };
      await s.write('create', { ...paid, state: 'sending' as const, authorizedAmountMinor: null, paymentId: null });
      await s.write('update', paid);
      s.setNow(T0 + 60_000);
      await s.days.closeDay(DAY1, 'Marie');
      s.setNow(T0 + 24 * 3600_000);
      await s.money.recordRefund({ attemptId: paid.id, day: DAY1, amountMinor: 2000, where: 'terminal', reason: 'returned', by: 'Paul' });
      const day1 = await s.days.history({ from: DAY1, to: DAY1 });
      assert.equal(day1.totals.netMinor, 2000, 'the closed day is never changed by a later refund');
      assert.deepEqual(day1.changedAfterClosing, []);
      assert.equal(day1.rows[0]?.refundedMinor, 2000, 'the payment shows it was refunded');
      const day2 = await s.days.history({ from: DAY2, to: DAY2 });
      assert.equal(day2.totals.refundedMinor, 2000);
      assert.equal(day2.totals.netMinor, -2000);
      await s.journal.close();
    });
  });
});

describe('settling a payment by hand', () => {
  test('refused during the late watch and for a payment with an outcome; then the row changes, once', async () => {
    await withTempDir('counterpay-settle-', async (dir) => {
      const s = await setup(dir);
      const lost = { ...sale(T0), state: 'timed_out' as const, paymentId: 'p9', updatedAt: T0 + 130_000 };
      await s.write('create', { ...lost, state: 'sending' as const, paymentId: null });
      await s.write('update', lost);
      const input = { attemptId: lost.id, day: DAY1, outcome: 'paid' as const, cardLast4: '4242', authorizationCode: 'AB12', by: 'Marie' };
      s.setNow(lost.deadlineAt + 60_000);
      await assert.rejects(s.money.settle(input), refused('still_watched'));
      await assert.rejects(s.days.closeDay(DAY1, 'Marie'), /must be settled/);

      s.setNow(lost.deadlineAt + DEFAULT_POLICY.lateWatchMs + 1000);
      const before = await s.days.history({ from: DAY1, to: DAY1 });
      assert.equal(before.totals.noAnswer, 1);
      await s.money.settle(input);
      const after = await s.days.history({ from: DAY1, to: DAY1 });
      assert.equal(after.rows.length, 1, 'a flag on its row, not a second row');
      assert.equal(after.rows[0]?.status, 'authorized');
      assert.equal(after.rows[0]?.settledByHand, true);
      assert.equal(after.rows[0]?.cardLast4, '4242');
      assert.equal(after.totals.noAnswer, 0);
      assert.equal(after.totals.settledByHand, 1);
      assert.equal(after.totals.authorized.authorizedMinor, lost.amountMinor);
      await assert.rejects(s.money.settle({ ...input, outcome: 'not_paid' }), refused('already_settled'));
      const closing = await s.days.closeDay(DAY1, 'Marie');
      assert.equal(closing.totals.settledByHand, 1);
      await s.journal.close();
    });
  });
});
