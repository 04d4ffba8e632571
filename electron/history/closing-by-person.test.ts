/**
 * The Z report's takings by person read from the closing record like the rest of the Z: kept at
 * closing through staff-figures.ts, identical on a reprint after a restart, unchanged by a late
 * change to the closed day (which the rows then show), and closings written before the record
 * kept them still read (the Z counts those from the rows, as it always did).
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { Attempt } from '../../shared/domain/attempt.js';
import { printedTakings, takingsByPerson } from '../../shared/domain/staff-figures.js';
import { withTempDir } from '../fs/testing/temp-dir.js';
import { Journal } from '../payments/journal.js';
import { newAttempt } from '../payments/new-attempt.js';
import { readClosingBody } from '../payments/closing-bodies.js';
import { SALE, T0 } from '../payments/testing/engine-fixture.js';
import { journalWriter } from '../payments/testing/record-writer.js';
import { DayService } from './day-service.js';

const DAY = '2026-04-01';
const MARIE = { id: 'st-marie', name: 'Marie' };
const PAUL = { id: 'st-paul', name: 'Paul' };
const none = (): Attempt[] => [];
const paid = (at: number, amountMinor: number, paymentId: string, cashier: typeof MARIE): Attempt => ({
  ...newAttempt({ ...SALE, amountMinor, registerId: 'reg-1', saleId: null, previousAttemptId: null }, at),
  state: 'authorized', authorizedAmountMinor: amountMinor, paymentId, updatedAt: at + 1000, cashier,
});

async function open(dir: string, now: number) {
  const { journal } = await Journal.open(dir);
  const records = journalWriter(journal, () => now);
  return { journal, records, days: new DayService({ journalDir: join(dir, 'journal'), records, registerId: 'reg-1', now: () => now }) };
}

const reprint = async (days: DayService) => {
  const view = await days.history({ from: DAY, to: DAY });
  const closing = view.closings.find((c) => c.day === DAY) ?? null;
  return { view, closing, printed: printedTakings(closing, view.rows, view.refunds) };
};

describe('takings by person on the Z', () => {
  test('kept in the closing record; the reprint after a restart and a late change is the first print, by person included', async () => {
    await withTempDir('counterpay-zperson-', async (dir) => {
      const a = await open(dir, T0 + 3600_000);
      const late = paid(T0 + 60_000, 800, 'p2', PAUL);
      for (const s of [paid(T0, 1250, 'p1', MARIE), late]) {
        await a.journal.append('create', s.createdAt, [{ ...s, state: 'sending', authorizedAmountMinor: null, paymentId: null, updatedAt: s.createdAt }], none);
        await a.journal.append('update', s.updatedAt, [s], none);
      }
      const closed = await a.days.closeDay(DAY, 'Marie');
      assert.deepEqual(closed.byPerson?.map((p) => [p.person?.name, p.count, p.authorizedMinor, p.netMinor]), [['Marie', 1, 1250, 1250], ['Paul', 1, 800, 800]]);
      const first = await reprint(a.days);
      assert.deepEqual(first.printed, closed.byPerson, 'the first print reads the record');
      const firstZ = JSON.stringify({ closing: first.closing, byPerson: first.printed });

      // After the closing, Paul's sale is changed (a late answer from the bank); then the register restarts.
      await a.journal.append('update', T0 + 7200_000, [{ ...late, authorizedAmountMinor: 500, updatedAt: T0 + 7200_000 }], none);
      await a.journal.close();
      const b = await open(dir, T0 + 8000_000);
      const again = await reprint(b.days);
      assert.deepEqual(again.view.changedAfterClosing, [late.id], 'the day shows the change');
      assert.notDeepEqual(takingsByPerson(again.view.rows, again.view.refunds), closed.byPerson, 'a recount from the rows would differ');
      assert.equal(JSON.stringify({ closing: again.closing, byPerson: again.printed }), firstZ, 'the reprint is the first print');
      await b.journal.close();
    });
  });

  test('a closing written before the record kept takings by person still reads; its Z counts them from the rows', async () => {
    await withTempDir('counterpay-zperson-old-', async (dir) => {
      const a = await open(dir, T0 + 3600_000);
      const s = paid(T0, 1250, 'p1', MARIE);
      await a.journal.append('create', s.createdAt, [{ ...s, state: 'sending', authorizedAmountMinor: null, paymentId: null, updatedAt: s.createdAt }], none);
      await a.journal.append('update', s.updatedAt, [s], none);
      const grandTotal = { grossMinor: 1250, refundedMinor: 0, netMinor: 1250 };
      await a.records.appendRecord('close', { day: DAY, registerId: 'reg-1', totals: {}, attemptIds: [s.id], number: 1, grandTotal }, 'Marie');
      const { closing, printed } = await reprint(a.days);
      assert.equal(closing?.number, 1);
      assert.equal(closing?.byPerson, undefined);
      assert.deepEqual(printed.map((p) => [p.key, p.authorizedMinor]), [['st-marie', 1250]]);
      await a.journal.close();
    });
  });

  test('a closing\'s takings by person that do not read are refused with what is wrong', () => {
    const body = { day: DAY, registerId: 'reg-1', totals: {}, attemptIds: [] };
    const line = { key: 'st-marie', person: MARIE, count: 1, authorizedMinor: 1250, tipMinor: 0, refundedMinor: 0, netMinor: 1250 };
    assert.equal(readClosingBody({ ...body, byPerson: [line, { ...line, key: '-', person: null }] }).ok, true);
    for (const bad of [{ ...line, authorizedMinor: 12.5 }, { ...line, key: 'has space' }, { ...line, person: { id: 'x' } }, { ...line, extra: 1 }, 'Marie']) {
      const r = readClosingBody({ ...body, byPerson: [bad] });
      assert.equal(r.ok, false, JSON.stringify(bad));
      assert.match(JSON.stringify(r), /byPerson must list each person/);
    }
  });
});
