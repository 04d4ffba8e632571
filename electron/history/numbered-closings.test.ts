/**
 * Numbered closings over a real journal: Z numbers run 1, 2, 3 across days and across a restart
 * with no gap; the grand total adds each closed day's figures, a refund recorded on a later day
 * included; a month closing is refused until the month is over and every day with payments is
 * closed, then sums its days under its own number; a closed day's report data reads back
 * byte-equal after a restart and later sales.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { Attempt } from '../../shared/domain/attempt.js';
import type { DayClosing } from '../../shared/domain/day-report.js';
import { withTempDir } from '../fs/testing/temp-dir.js';
import { Journal } from '../payments/journal.js';
import { newAttempt } from '../payments/new-attempt.js';
import { SALE, T0 } from '../payments/testing/engine-fixture.js';
import { journalWriter } from '../payments/testing/record-writer.js';
import { DayService } from './day-service.js';
import { MoneyRecords } from './money-records.js';
import { PeriodClosingRefused, PeriodClosings } from './period-closings.js';

const DAY_MS = 24 * 3600_000;
const none = (): Attempt[] => [];
const paidSale = (at: number, amountMinor: number, paymentId: string): Attempt => ({
  ...newAttempt({ ...SALE, amountMinor, registerId: 'reg-1', saleId: null, previousAttemptId: null }, at),
  state: 'authorized', authorizedAmountMinor: amountMinor, paymentId, updatedAt: at + 1000,
});
const refused = (why: string) => (e: unknown) => e instanceof PeriodClosingRefused && e.why === why;

/** A register's journal opened (again) on `dir`, with its day service, refunds and month closings. */
async function open(dir: string, start: number) {
  let now = start;
  const { journal } = await Journal.open(dir);
  const records = journalWriter(journal, () => now);
  const days = new DayService({ journalDir: join(dir, 'journal'), records, registerId: 'reg-1', now: () => now });
  return {
    journal, days, periods: new PeriodClosings(days), money: new MoneyRecords({ days, records, registerId: 'reg-1', now: () => now }),
    setNow: (ms: number) => { now = ms; },
    sell: async (a: Attempt) => {
      await journal.append('create', a.createdAt, [{ ...a, state: 'sending', authorizedAmountMinor: null, paymentId: null, updatedAt: a.createdAt }], none);
      await journal.append('update', a.updatedAt, [a], none);
    },
  };
}

/** What a Z report prints of a closing, as the screen gets it. */
const zData = (c: DayClosing | undefined) => c && JSON.stringify({ number: c.number, totals: c.totals, grandTotal: c.grandTotal, seq: c.seq, hash: c.hash, by: c.by, at: c.at });

describe('numbered closings', () => {
  test('Z numbers run on across days and a restart; the grand total counts a later refund; a reprint reads the same data', async () => {
    await withTempDir('counterpay-znumbers-', async (dir) => {
      const a = await open(dir, T0);
      const first = paidSale(T0, 1250, 'p1');
      await a.sell(first);
      await a.sell(paidSale(T0 + 60_000, 800, 'p2'));
      a.setNow(T0 + 3600_000);
      const z1 = await a.days.closeDay('2026-04-01', 'Marie');
      assert.equal(z1.number, 1);
      assert.deepEqual(z1.grandTotal, { grossMinor: 2050, refundedMinor: 0, netMinor: 2050 });
      const printed = zData((await a.days.history({ from: '2026-04-01', to: '2026-04-01' })).closings[0]);

      // The next day: a refund of the first day's sale and a new sale; then the register restarts before closing.
      a.setNow(T0 + DAY_MS);
      await a.money.recordRefund({ attemptId: first.id, day: '2026-04-01', amountMinor: 250, where: 'terminal', reason: 'one item back', by: 'Paul' });
      await a.sell(paidSale(T0 + DAY_MS + 1000, 3000, 'p3'));
      await a.journal.close();

      const b = await open(dir, T0 + DAY_MS + 3600_000);
      const z2 = await b.days.closeDay('2026-04-02', { id: 'paul-1', name: 'Paul' });
      assert.equal(z2.number, 2, 'no gap and no repeat after the restart');
      assert.deepEqual([z2.by, z2.byStaff], ['Paul', { id: 'paul-1', name: 'Paul' }]);
      assert.equal((await b.days.history({ from: '2026-04-02', to: '2026-04-02' })).closings[0]?.byStaff?.id, 'paul-1');
      assert.equal(z2.totals.refundedMinor, 250);
      assert.deepEqual(z2.grandTotal, { grossMinor: 5050, refundedMinor: 250, netMinor: 4800 });
      // A day with nothing sold closes with the next number and the same grand total.
      b.setNow(T0 + 2 * DAY_MS + 3600_000);
      const z3 = await b.days.closeDay('2026-04-03', 'Paul');
      assert.equal(z3.number, 3);
      assert.deepEqual(z3.grandTotal, z2.grandTotal);
      await b.sell(paidSale(T0 + 2 * DAY_MS + 7200_000, 999, 'p4'));

      const reprint = zData((await b.days.history({ from: '2026-04-01', to: '2026-04-01' })).closings[0]);
      assert.ok(printed);
      assert.equal(reprint, printed, 'a reprint carries exactly the first print\'s data');
      await b.journal.close();
    });
  });

  test('two days closed at once take two numbers, never the same one', async () => {
    await withTempDir('counterpay-zturns-', async (dir) => {
      const a = await open(dir, T0 + DAY_MS);
      const both = await Promise.all([a.days.closeDay('2026-04-01', 'Marie'), a.days.closeDay('2026-04-02', 'Paul')]);
      assert.deepEqual(both.map((c) => c.number).sort(), [1, 2]);
      await a.journal.close();
    });
  });
});

describe('month and year closings', () => {
  test('offered once the month is over and every day with payments is closed; its own number and the sum of its days', async () => {
    await withTempDir('counterpay-month-', async (dir) => {
      const a = await open(dir, T0);
      await a.sell(paidSale(T0, 1000, 'p1'));
      await a.sell(paidSale(T0 + DAY_MS, 2500, 'p2'));
      a.setNow(T0 + DAY_MS + 3600_000);
      await a.days.closeDay('2026-04-01', 'Marie');
      await assert.rejects(a.periods.close('month', '2026-04', 'Marie'), refused('period_not_over'));
      await assert.rejects(a.periods.close('month', '2026-03', 'Marie'), refused('period_empty'));

      a.setNow(Date.parse('2026-05-02T10:00:00'));
      let view = await a.periods.view();
      assert.deepEqual(view.pending.find((p) => p.kind === 'month'), { kind: 'month', period: '2026-04', state: 'open_inside', open: ['2026-04-02'] });
      await assert.rejects(a.periods.close('month', '2026-04', 'Marie'), (e: unknown) => refused('period_open_inside')(e) && (e as PeriodClosingRefused).open[0] === '2026-04-02');

      await a.days.closeDay('2026-04-02', 'Marie');
      view = await a.periods.view();
      assert.equal(view.pending.find((p) => p.kind === 'month')?.state, 'closable');
      const month = await a.periods.close('month', '2026-04', { id: 'marie-1', name: 'Marie' });
      assert.equal(month.number, 1);
      // The manager on the staff list is kept by id (two Maries stay two people); the name reads as before.
      assert.deepEqual([month.by, month.byStaff], ['Marie', { id: 'marie-1', name: 'Marie' }]);
      assert.deepEqual(month.covers, [1, 2]);
      assert.equal(month.figures.authorized.authorizedMinor, 3500);
      assert.equal(month.figures.authorized.count, 2);
      assert.equal(month.sales, 2);
      assert.deepEqual(month.grandTotal, { grossMinor: 3500, refundedMinor: 0, netMinor: 3500 });
      await assert.rejects(a.periods.close('month', '2026-04', 'Paul'), refused('period_already_closed'));
      // The year waits for its end, however complete its months are.
      view = await a.periods.view();
      assert.deepEqual(view.pending.map((p) => `${p.kind}:${p.period}:${p.state}`), ['year:2026:not_over']);
      assert.deepEqual(view.periods.map((p) => p.number), [1]);
      await a.journal.close();

      const b = await open(dir, Date.parse('2027-01-03T10:00:00'));
      const year = await b.periods.close('year', '2026', 'Marie');
      assert.deepEqual([year.number, year.covers, year.figures.netMinor], [1, [1], 3500]);
      // After a restart: the month still names its manager by id; a name typed (no staff list) stays a name.
      const read = (await b.periods.view()).periods;
      assert.deepEqual(read.map((p) => [p.kind, p.by, p.byStaff?.id]), [['year', 'Marie', undefined], ['month', 'Marie', 'marie-1']]);
      assert.equal((await b.periods.view()).pending.length, 0);
      await b.journal.close();
    });
  });

  test('a day with only a refund recorded must be closed before its month', async () => {
    await withTempDir('counterpay-month-refund-', async (dir) => {
      const a = await open(dir, T0);
      const sold = paidSale(T0, 1000, 'p1');
      await a.sell(sold);
      a.setNow(T0 + 3600_000);
      await a.days.closeDay('2026-04-01', 'Marie');
      a.setNow(T0 + DAY_MS);
      await a.money.recordRefund({ attemptId: sold.id, day: '2026-04-01', amountMinor: 1000, where: 'terminal', reason: 'returned', by: 'Paul' });
      a.setNow(Date.parse('2026-05-02T10:00:00'));
      assert.deepEqual((await a.periods.view()).pending[0]?.open, ['2026-04-02']);
      const z2 = await a.days.closeDay('2026-04-02', 'Paul');
      assert.deepEqual(z2.grandTotal, { grossMinor: 1000, refundedMinor: 1000, netMinor: 0 });
      const month = await a.periods.close('month', '2026-04', 'Marie');
      assert.deepEqual([month.figures.authorized.authorizedMinor, month.figures.refundedMinor, month.figures.netMinor], [1000, 1000, 0]);
      await a.journal.close();
    });
  });
});
