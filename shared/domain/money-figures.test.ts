/** The one definition of the money figures, and the counter's Today and the journal's totals agreeing with it on the same day. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Attempt } from './attempt.js';
import { attemptMaker } from '../testing/attempt-samples.js';
import { computeTotals, toReportRow } from './day-report.js';
import { dayTotals } from './day-view.js';
import { countableOf, moneyFigures, refusedCount } from './money-figures.js';

const DAY = '2026-05-04';
const dayOf = (ms: number) => (ms < 86_400_000 ? DAY : '2026-05-05');

const attempt = attemptMaker();

/** One of everything the figures tell apart. */
function aDay(): Attempt[] {
  return [
    attempt({ amountMinor: 1250, authorizedAmountMinor: 1250 }),
    attempt({ amountMinor: 1000, authorizedAmountMinor: 1200, tipMinor: 200 }),
    attempt({ amountMinor: 1111, authorizedAmountMinor: 1111, possibleDuplicate: true, abandoned: true }),
    attempt({ amountMinor: 700, authorizedAmountMinor: 700, possibleDuplicate: true, resolution: { kind: 'not_a_duplicate', note: 'two coffees', at: 9 } }),
    attempt({ state: 'refused', amountMinor: 830 }),
    attempt({ state: 'rejected', amountMinor: 99 }),
    attempt({ state: 'timed_out', amountMinor: 4200 }),
    attempt({ state: 'timed_out', amountMinor: 300, abandoned: true }),
    attempt({ state: 'accepted', amountMinor: 500 }),
  ];
}

test('authorized counts every payment the bank accepted, tips and open possible duplicates inside it', () => {
  const f = moneyFigures(aDay().map(countableOf));
  assert.deepEqual(f.authorized, { count: 4, authorizedMinor: 1250 + 1200 + 1111 + 700, tipMinor: 200 });
  assert.deepEqual(f.openDuplicates, { count: 1, authorizedMinor: 1111 }, 'only the unanswered one may need a refund');
  assert.ok(f.openDuplicates.authorizedMinor <= f.authorized.authorizedMinor);
  assert.equal(f.refused, 1);
  assert.equal(f.rejected, 1);
  assert.equal(refusedCount(f), 2);
  assert.equal(f.noAnswer, 2);
  assert.equal(f.open, 1);
  assert.equal(f.abandoned, 1, 'a payment made after it was abandoned is a possible duplicate, not abandoned');
  assert.equal(f.settledByHand, 0);
});

test('net takings are authorized minus refunded', () => {
  const rows = aDay().map(countableOf);
  assert.equal(moneyFigures(rows).netMinor, 4261);
  const f = moneyFigures(rows, [{ amountMinor: 500 }, { amountMinor: 61 }]);
  assert.equal(f.refundedMinor, 561);
  assert.equal(f.netMinor, 4261 - 561);
  assert.equal(moneyFigures([]).netMinor, 0);
});

test('a hand-settled payment is counted as settled by hand and by its outcome', () => {
  const f = moneyFigures([{ status: 'authorized', authorizedMinor: 900, tipMinor: 0, openDuplicate: false, abandoned: false, settledByHand: true }]);
  assert.equal(f.settledByHand, 1);
  assert.equal(f.authorized.authorizedMinor, 900);
});

test('the counter\'s Today and the journal\'s totals give the same figures for the same day', () => {
  const today = aDay();
  const nextDay = attempt({ createdAt: 90_000_000, amountMinor: 2000, authorizedAmountMinor: 2000 });
  const all = [...today, nextDay];
  const { day, currency, ...counter } = dayTotals(all, DAY, dayOf);
  assert.equal(day, DAY);
  assert.equal(currency, 'EUR');
  const journal = computeTotals(today.map(toReportRow), () => 12);
  const { sales, averageTicketMinor, byTerminal, byRegister, byPaymentMethod, byHour, ...journalFigures } = journal;
  assert.deepEqual(counter, journalFigures);
  assert.deepEqual(counter, moneyFigures(today.map(countableOf)));
  assert.equal(sales, 4);
  assert.equal(byHour[12], journal.authorized.authorizedMinor);
  assert.deepEqual(byTerminal.T1, journal.authorized);
  assert.deepEqual(byRegister.R1, journal.authorized);
  assert.equal(averageTicketMinor, Math.round(4261 / 4));
  assert.ok(byPaymentMethod.unknown);
});
