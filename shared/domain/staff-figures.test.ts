/** Figures person by person: they add up to the day's, refunds go to who recorded them, and a sale with nobody signed in is counted under nobody. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { attemptMaker } from '../testing/attempt-samples.js';
import { computeTotals, filterRows, toReportRow, type ReportTotals } from './day-report.js';
import { isPersonKey, nameOf, NOBODY_KEY, personKey, personOf } from './record-by.js';
import { figuresByPerson } from './staff-figures.js';
import { shiftReport } from './shift-report.js';
import type { Refund } from './refunds.js';

const ANNA = { id: 'anna', name: 'Anna' };
const BEN = { id: 'ben-2', name: 'Ben' };
const attempt = attemptMaker();
const refund = (amountMinor: number, by: Refund['by'] | { id: string; name: string }, at: number): Refund => ({
  refundId: `r${at}`, attemptId: 'a1', saleId: 's1', paymentKey: 'k1', terminalId: 'T1', registerId: 'R1', currency: 'EUR',
  where: 'terminal', reason: 'back', at, amountMinor, by: by as string,
});

const rows = [
  attempt({ cashier: ANNA, amountMinor: 1250, authorizedAmountMinor: 1250 }),
  attempt({ cashier: ANNA, amountMinor: 1000, authorizedAmountMinor: 1200, tipMinor: 200 }),
  attempt({ cashier: ANNA, state: 'timed_out', amountMinor: 4200 }),
  attempt({ cashier: BEN, amountMinor: 1111, authorizedAmountMinor: 1111, possibleDuplicate: true, abandoned: true }),
  attempt({ cashier: BEN, state: 'timed_out', amountMinor: 300, abandoned: true }),
  attempt({ cashier: BEN, state: 'refused', amountMinor: 830 }),
  attempt({ amountMinor: 500, authorizedAmountMinor: 500 }),
  attempt({ cashier: null, state: 'rejected', amountMinor: 99 }),
].map(toReportRow);
// Marie typed her name (a refund recorded before staff); Ben's refund names him as staff.
const refunds = [refund(300, 'Marie', 50_000), refund(111, BEN, 60_000)];

const FIGURES = ['refundedMinor', 'netMinor', 'refused', 'rejected', 'noAnswer', 'open', 'abandoned', 'settledByHand'] as const;
function sum(all: ReportTotals[]): Record<string, number> {
  const out: Record<string, number> = { authorized: 0, tips: 0, count: 0, dupCount: 0, dupMinor: 0 };
  for (const t of all) {
    out.authorized! += t.authorized.authorizedMinor;
    out.tips! += t.authorized.tipMinor;
    out.count! += t.authorized.count;
    out.dupCount! += t.openDuplicates.count;
    out.dupMinor! += t.openDuplicates.authorizedMinor;
    for (const k of FIGURES) out[k] = (out[k] ?? 0) + t[k];
  }
  return out;
}

test('every person\'s figures add up to the day\'s totals, figure by figure', () => {
  const day = computeTotals(rows, undefined, refunds);
  const people = figuresByPerson(rows, refunds);
  assert.deepEqual(sum(people.map((p) => p.totals)), sum([day]));
  assert.equal(day.netMinor, 1250 + 1200 + 1111 + 500 - 411);
});

test('takings go to who sold, refunds to who recorded them, nobody signed in comes last', () => {
  const people = figuresByPerson(rows, refunds);
  assert.deepEqual(people.map((p) => p.key), ['anna', 'ben-2', 'name:Marie', NOBODY_KEY]);
  const [anna, ben, marie, nobody] = people.map((p) => p.totals);
  assert.equal(anna?.authorized.authorizedMinor, 2450);
  assert.equal(anna?.authorized.tipMinor, 200);
  assert.equal(anna?.noAnswer, 1);
  assert.equal(anna?.sales, 2);
  assert.equal(ben?.openDuplicates.count, 1);
  assert.equal(ben?.abandoned, 1);
  assert.equal(ben?.refundedMinor, 111);
  assert.equal(ben?.netMinor, 1000);
  assert.equal(marie?.refundedMinor, 300);
  assert.equal(marie?.netMinor, -300);
  assert.equal(nobody?.authorized.authorizedMinor, 500, 'a sale without cashier and one with cashier null are both nobody');
  assert.equal(nobody?.rejected, 1);
  assert.equal(people[3]?.person, null);
});

test('a record names a person alike whether it holds a typed name or a staff member', () => {
  assert.deepEqual(personOf(' Marie '), { id: '', name: 'Marie' });
  assert.equal(personOf(''), null);
  assert.equal(personOf(undefined), null);
  assert.equal(nameOf(ANNA), 'Anna');
  assert.equal(nameOf(null), '');
  assert.equal(personKey('Anna'), 'name:Anna', 'a typed "Anna" is not the staff member anna');
  assert.equal(personKey(ANNA), 'anna');
  for (const k of ['-', 'anna', 'name:Marie Curie']) assert.ok(isPersonKey(k), k);
  for (const k of ['', 'Anna', 'name:', 'name:a\nb', '--x']) assert.ok(!isPersonKey(k), k);
});

test('the journal filtered by person keeps that person\'s sales', () => {
  assert.equal(filterRows(rows, { cashier: 'anna' }).length, 3);
  assert.equal(filterRows(rows, { cashier: NOBODY_KEY }).length, 2);
});

test('X report: the person at the counter by default, their shift from their first record to the closing', () => {
  const closing = { kind: 'close' as const, day: '2026-05-04', at: 90_000, by: 'Marie', registerId: 'R1', totals: computeTotals(rows), attemptIds: [] };
  const open = shiftReport({ from: '2026-05-04', rows, refunds, closings: [] }, 'ben-2');
  assert.deepEqual(open.shift, { from: 4000, to: null });
  assert.equal(open.totals.refundedMinor, 111);
  assert.equal(open.dayClosed, null);
  const latest = shiftReport({ from: '2026-05-04', rows, refunds, closings: [closing] });
  assert.equal(latest.who.key, NOBODY_KEY, 'the latest attempt was made with nobody signed in');
  assert.deepEqual(latest.dayClosed, { by: 'Marie', at: 90_000 });
  const anna = shiftReport({ from: '2026-05-04', rows, refunds, closings: [closing] }, 'anna');
  assert.deepEqual(anna.shift, { from: 1000, to: 90_000 });
  assert.equal(anna.who.person?.name, 'Anna');
  assert.equal(anna.rows.length, 3);
  assert.equal(shiftReport({ from: '2026-05-04', rows, refunds, closings: [] }, 'zoe').shift, null);
  // Ben recorded a refund after the day was closed: his shift runs to it, never "from 0:04 to 0:01".
  assert.deepEqual(shiftReport({ from: '2026-05-04', rows, refunds, closings: [{ ...closing, at: 30_000 }] }, 'ben-2').shift, { from: 4000, to: 60_000 });
});
