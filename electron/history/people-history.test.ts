/**
 * People over a real journal: the journal screen filtered by person counts that person's sales
 * and the refunds they recorded, the people's views add up to the whole day's, and the X report
 * (DayService.shift, what the shiftReport IPC answers) says whose shift, when, and that the day was closed.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { Attempt } from '../../shared/domain/attempt.js';
import { NOBODY_KEY } from '../../shared/domain/record-by.js';
import { withTempDir } from '../fs/testing/temp-dir.js';
import { Journal } from '../payments/journal.js';
import { newAttempt } from '../payments/new-attempt.js';
import { SALE, T0 } from '../payments/testing/engine-fixture.js';
import { journalWriter } from '../payments/testing/record-writer.js';
import { DayService } from './day-service.js';

const DAY = '2026-04-01';
const MIN = 60_000;
const none = (): Attempt[] => [];

test('the journal by person, its people adding up to the day, and a shift summary over the journal', async () => {
  await withTempDir('counterpay-people-', async (dir) => {
    const { journal } = await Journal.open(dir);
    const paid = (amountMinor: number, at: number, cashier?: { id: string; name: string }): Attempt => {
      const a = newAttempt({ ...SALE, amountMinor, registerId: 'reg-1', saleId: null, previousAttemptId: null }, at);
      return { ...a, ...(cashier ? { cashier } : {}), state: 'authorized', paymentId: `p${at}`, authorizedAmountMinor: amountMinor, updatedAt: at + 1000 };
    };
    const sales = [paid(1250, T0, { id: 'anna', name: 'Anna' }), paid(2000, T0 + MIN, { id: 'ben', name: 'Ben' }), paid(500, T0 + 2 * MIN), paid(700, T0 + 3 * MIN, { id: 'anna', name: 'Anna' })];
    for (const a of sales) await journal.append('create', a.createdAt, [a], none);
    const first = sales[0]!;
    const refund = { refundId: 'r1', attemptId: first.id, saleId: first.saleId, paymentKey: first.idempotencyKey, terminalId: first.terminalId, registerId: 'reg-1', amountMinor: 250, currency: 'EUR', where: 'terminal', reason: 'returned' };
    await journal.appendRecord('refund', refund, 'Marie', T0 + 4 * MIN, none);
    let now = T0 + 10 * MIN;
    const days = new DayService({ journalDir: join(dir, 'journal'), records: journalWriter(journal, () => now), registerId: 'reg-1', now: () => now });

    const all = await days.history({ from: DAY, to: DAY });
    assert.deepEqual(all.people.map((p) => p.key), ['anna', 'ben', 'name:Marie', NOBODY_KEY]);
    const views = await Promise.all(all.people.map((p) => days.history({ from: DAY, to: DAY, cashier: p.key })));
    assert.equal(views.reduce((s, v) => s + v.totals.netMinor, 0), all.totals.netMinor, 'the people add up to the day');
    assert.equal(views.reduce((s, v) => s + v.rows.length, 0), all.rows.length);
    const [anna, , marie] = views;
    assert.equal(anna?.totals.authorized.authorizedMinor, 1950);
    assert.equal(anna?.totals.refundedMinor, 0, 'Anna sold the refunded sale; Marie recorded the refund');
    assert.equal(marie?.totals.refundedMinor, 250);

    const shift = await days.shift(DAY);
    assert.equal(shift.who.person?.name, 'Anna', 'the person at the counter: who made the latest sale');
    assert.deepEqual(shift.shift, { from: T0, to: null });
    assert.equal(shift.totals.sales, 2);
    await days.closeDay(DAY, 'Marie');
    const closed = await days.shift(DAY, 'ben');
    assert.equal(closed.dayClosed?.by, 'Marie');
    assert.deepEqual(closed.shift, { from: T0 + MIN, to: now });
    assert.equal(closed.totals.authorized.authorizedMinor, 2000);
    now += 1;
    assert.equal((await days.shift(DAY, NOBODY_KEY)).totals.authorized.authorizedMinor, 500);
    await journal.close();
  });
});

test('a shift over the journal opens at the sign-in and closes at the sign-out for the day, not at a switch', async () => {
  await withTempDir('counterpay-shift-', async (dir) => {
    const { journal } = await Journal.open(dir);
    const ben = { id: 'ben', name: 'Ben' };
    const zoe = { id: 'zoe', name: 'Zoé' };
    const signIn = (who: typeof ben, at: number) => journal.appendRecord('sign_in', { staff: who, role: 'cashier', registerId: 'reg-1' }, who, at, none);
    const signOut = (who: typeof ben, reason: string, at: number) => journal.appendRecord('sign_out', { staff: who, registerId: 'reg-1', reason }, who, at, none);
    await signIn(ben, T0);
    const sale = { ...newAttempt({ ...SALE, registerId: 'reg-1', saleId: null, previousAttemptId: null }, T0 + MIN), cashier: ben };
    await journal.append('create', sale.createdAt, [sale], none);
    await signOut(ben, 'switch', T0 + 2 * MIN);
    await signIn(zoe, T0 + 2 * MIN);
    const now = T0 + 10 * MIN;
    const days = new DayService({ journalDir: join(dir, 'journal'), records: journalWriter(journal, () => now), registerId: 'reg-1', now: () => now });
    assert.deepEqual((await days.shift(DAY, 'ben')).shift, { from: T0, to: null }, 'a switch hands the till over, the shift goes on');
    const zoes = await days.shift(DAY, 'zoe');
    assert.deepEqual(zoes.shift, { from: T0 + 2 * MIN, to: null }, 'signed in, nothing sold yet: the shift is open');
    assert.equal(zoes.who.person?.name, 'Zoé', 'named from her sign-in');
    await signOut(zoe, 'idle', T0 + 3 * MIN);
    await signIn(ben, T0 + 4 * MIN);
    await signOut(ben, 'end_of_shift', T0 + 5 * MIN);
    const ended = await days.shift(DAY, 'ben');
    assert.deepEqual(ended.shift, { from: T0, to: T0 + 5 * MIN });
    assert.equal(ended.rows.length, 1);
    assert.deepEqual((await days.shift(DAY, 'zoe')).shift, { from: T0 + 2 * MIN, to: null }, 'the idle lock is no end of the day');
    await journal.close();
  });
});
