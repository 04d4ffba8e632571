/**
 * What a month or year waits for before it can be closed, decided from the days with payments,
 * the days closed and the periods closed; and the sums a period closing and the grand total make
 * of closings written before refunds existed.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { isPeriod, pendingPeriods, printedTotals } from './closings.js';
import { addToGrandTotal, emptyFigures, emptyGrandTotal, sumFigures, type MoneyFigures } from './money-figures.js';
import type { ReportTotals } from './day-report.js';

const facts = (today: string, active: string[], closed: string[], periods: string[] = []) => ({
  today, activeDays: new Set(active), closedDays: new Set(closed), closedPeriods: new Set(periods),
});
const states = (p: ReturnType<typeof pendingPeriods>) => p.map((x) => `${x.kind}:${x.period}:${x.state}:${x.open.join('+')}`);

describe('which periods can be closed', () => {
  test('a month waits for its end, then for its days with payments; a closed empty day counts', () => {
    assert.deepEqual(states(pendingPeriods(facts('2026-03-31', ['2026-03-02'], ['2026-03-02']))), ['month:2026-03:not_over:', 'year:2026:not_over:2026-03']);
    assert.deepEqual(states(pendingPeriods(facts('2026-04-01', ['2026-03-02', '2026-03-09'], ['2026-03-02']))), ['month:2026-03:open_inside:2026-03-09', 'year:2026:not_over:2026-03']);
    assert.deepEqual(states(pendingPeriods(facts('2026-04-01', ['2026-03-02'], ['2026-03-02', '2026-03-03']))), ['month:2026-03:closable:', 'year:2026:not_over:2026-03']);
  });

  test('a year waits for every month with payments to be closed; closed periods are not offered again', () => {
    const days = ['2025-11-03', '2025-12-01'];
    assert.deepEqual(states(pendingPeriods(facts('2026-01-02', days, days, ['month:2025-11']))), ['month:2025-12:closable:', 'year:2025:open_inside:2025-12']);
    assert.deepEqual(states(pendingPeriods(facts('2026-01-02', days, days, ['month:2025-11', 'month:2025-12']))), ['year:2025:closable:']);
    assert.deepEqual(pendingPeriods(facts('2026-01-02', days, days, ['month:2025-11', 'month:2025-12', 'year:2025'])), []);
  });

  test('periods are written YYYY-MM and YYYY', () => {
    assert.deepEqual([isPeriod('month', '2026-03'), isPeriod('month', '2026-13'), isPeriod('year', '2026'), isPeriod('year', '2026-03')], [true, false, true, false]);
  });
});

describe('sums of closings', () => {
  test('a closing from before refunds reads with nothing refunded, in its report, its period and the grand total', () => {
    const old = { ...emptyFigures(), authorized: { count: 2, authorizedMinor: 3000, tipMinor: 100 }, refused: 1 } as Partial<MoneyFigures>;
    delete old.refundedMinor;
    delete old.netMinor;
    delete old.settledByHand;
    const printed = printedTotals(old as ReportTotals);
    assert.deepEqual([printed.refundedMinor, printed.netMinor, printed.settledByHand], [0, 3000, 0]);
    const recent = { ...emptyFigures(), authorized: { count: 1, authorizedMinor: 500, tipMinor: 0 }, refundedMinor: 700, netMinor: -200 };
    const month = sumFigures([old as MoneyFigures, recent]);
    assert.deepEqual([month.authorized.count, month.authorized.authorizedMinor, month.authorized.tipMinor, month.refundedMinor, month.netMinor, month.refused], [3, 3500, 100, 700, 2800, 1]);
    const grand = addToGrandTotal(addToGrandTotal(emptyGrandTotal(), old as MoneyFigures), recent);
    assert.deepEqual(grand, { grossMinor: 3500, refundedMinor: 700, netMinor: 2800 });
  });
});
