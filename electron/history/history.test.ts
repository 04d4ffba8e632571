import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import type { Attempt } from '../../shared/domain/attempt.js';
import { computeTotals, filterRows, toReportRow } from '../../shared/domain/day-report.js';
import { withTempDir } from '../fs/testing/temp-dir.js';
import { Journal } from '../payments/journal.js';
import { newAttempt } from '../payments/new-attempt.js';
import { SALE, T0 } from '../payments/testing/engine-fixture.js';
import { CSV_COLUMNS, neutralise, toCsv } from './csv-export.js';
import { isDay, readHistory } from './journal-history.js';

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const DAY1 = '2026-04-01';
const DAY2 = '2026-04-02';
const none = (): Attempt[] => [];

function sale(at: number, over: Partial<Attempt> = {}, metadata: Attempt['metadata'] = {}): Attempt {
  return { ...newAttempt({ ...SALE, metadata, registerId: 'reg-1', saleId: null, previousAttemptId: null }, at), ...over };
}

const paid = (a: Attempt, authorized = a.amountMinor): Attempt =>
  ({ ...a, state: 'authorized', paymentId: `pay-${a.id.slice(0, 4)}`, authorizedAmountMinor: authorized, paymentMethod: 'visa', cardSummary: '4242' });

describe('journal history', () => {
  test('an attempt created before midnight and paid after it belongs to its first day, as paid', async () => {
    await withTempDir('counterpay-history-', async (dir) => {
      const { journal } = await Journal.open(dir);
      const late = sale(T0 + 13 * HOUR + 59 * 60_000); // 23:59 on day 1
      await journal.append('create', late.createdAt, [late], none);
      // The first write of day 2 carries the open attempt forward, then it is paid.
      await journal.append('update', late.createdAt + 90_000, [paid(late)], () => [late]);
      const next = sale(T0 + DAY);
      await journal.append('create', next.createdAt, [next], none);
      await journal.close();

      const day1 = await readHistory(join(dir, 'journal'), { from: DAY1, to: DAY1 });
      assert.deepEqual(day1.attempts.map((a) => [a.id, a.state]), [[late.id, 'authorized']]);
      const both = await readHistory(join(dir, 'journal'), { from: DAY1, to: DAY2 });
      assert.deepEqual(both.attempts.map((a) => a.id), [late.id, next.id]);
      assert.deepEqual(both.days, [DAY1, DAY2]);
      assert.deepEqual(both.damaged, []);
    });
  });

  test('a damaged line is reported with its file and line, and the rest is read', async () => {
    await withTempDir('counterpay-history-', async (dir) => {
      const { journal } = await Journal.open(dir);
      const a = sale(T0);
      await journal.append('create', T0, [a], none);
      await journal.close();
      appendFileSync(join(dir, 'journal', `${DAY1}.jsonl`), 'garbage\n');
      const h = await readHistory(join(dir, 'journal'), { from: DAY1, to: DAY1 });
      assert.equal(h.attempts.length, 1);
      assert.equal(h.damaged.length, 1);
      assert.match(h.damaged[0] ?? '', new RegExp(`${DAY1}\\.jsonl line 3`));
    });
  });

  test('a range with no journal yields nothing, and bad ranges are refused', async () => {
    await withTempDir('counterpay-history-', async (dir) => {
      const h = await readHistory(join(dir, 'journal'), { from: DAY1, to: DAY2 });
      assert.deepEqual(h, { attempts: [], damaged: [], days: [], others: [] });
      await assert.rejects(readHistory(dir, { from: DAY2, to: DAY1 }), /starts .* after it ends/);
      await assert.rejects(readHistory(dir, { from: '2026-02-30', to: DAY1 }), /YYYY-MM-DD/);
    });
    assert.equal(isDay('2026-02-28'), true);
    assert.equal(isDay('2026-13-01'), false);
  });
});

describe('day totals', () => {
  const rows = [
    toReportRow(paid(sale(T0, { terminalId: 'T1' }), 1330)),
    toReportRow({ ...paid(sale(T0 + HOUR, { terminalId: 'T2', amountMinor: 1000 }), 1200), tipMinor: 200 }),
    toReportRow(sale(T0 + HOUR, { state: 'refused', failureReason: 'insufficient_funds' })),
    toReportRow(sale(T0 + 2 * HOUR, { state: 'timed_out', abandoned: true })),
    toReportRow({ ...paid(sale(T0 + 2 * HOUR, { terminalId: 'T1', amountMinor: 500 })), possibleDuplicate: true }),
  ];

  test('authorized money with its tip part, failures by kind, open duplicates apart', () => {
    const t = computeTotals(rows, (ms) => new Date(ms).getHours());
    assert.deepEqual(t.authorized, { count: 3, authorizedMinor: 1330 + 1200 + 500, tipMinor: 200 });
    assert.equal(t.refused, 1);
    assert.equal(t.noAnswer, 1);
    assert.equal(t.abandoned, 1);
    assert.deepEqual(t.openDuplicates, { count: 1, authorizedMinor: 500 });
    assert.equal(t.sales, 3);
    assert.equal(t.averageTicketMinor, Math.round(3030 / 3));
    assert.deepEqual(t.byTerminal.T1, { count: 2, authorizedMinor: 1830, tipMinor: 0 });
    assert.deepEqual(t.byTerminal.T2, { count: 1, authorizedMinor: 1200, tipMinor: 200 });
    assert.equal(t.byHour[10], 1330);
    assert.equal(t.byHour[11], 1200);
    assert.equal(t.byHour.reduce((s, x) => s + x, 0), t.authorized.authorizedMinor);
  });

  test('a resolved duplicate is no longer open; only paid money carries a tip', () => {
    const settled = toReportRow({ ...paid(sale(T0)), possibleDuplicate: true, resolution: { kind: 'not_a_duplicate', note: 'two customers', at: T0 } });
    assert.equal(computeTotals([settled]).openDuplicates.count, 0);
    assert.deepEqual(settled.resolution, { kind: 'not_a_duplicate', note: 'two customers' });
    const refused = toReportRow({ ...sale(T0), state: 'refused', tipMinor: 200 });
    assert.equal(refused.tipMinor, 0, 'no tip on money that never moved');
  });

  test('filters by terminal and status, searches order references and amounts', () => {
    const withRef = toReportRow(paid(sale(T0, {}, { order_reference: 'TABLE-12' })));
    const all = [...rows, withRef];
    assert.equal(filterRows(all, { terminalId: 'T1' }).length, 2);
    assert.equal(filterRows(all, { status: 'no_answer' }).length, 1);
    assert.deepEqual(filterRows(all, { search: 'table' }), [withRef]);
    assert.equal(filterRows(all, { search: '12,00' }).length, 1);
    assert.equal(filterRows(all, { search: '5' }).length, 1);
  });
});

describe('accountant CSV', () => {
  test('stable columns, decimal amounts, parsed back equal; formula cells neutralised', () => {
    const a = { ...paid(sale(T0, { amountMinor: 1000 }, { order_reference: '=HYPERLINK("http://x")', note: '+33 6 12' }), 1250), tipMinor: 250 };
    const csv = toCsv([toReportRow(a)], { registerNames: new Map([['reg-1', 'Caisse 1']]) });
    const [header, row] = parse(csv) as string[][];
    assert.deepEqual(header, [...CSV_COLUMNS]);
    const cell = (name: (typeof CSV_COLUMNS)[number]) => row?.[CSV_COLUMNS.indexOf(name)];
    assert.equal(cell('register'), 'Caisse 1');
    assert.equal(cell('amount_asked'), '10.00');
    assert.equal(cell('tip'), '2.50');
    assert.equal(cell('amount_authorized'), '12.50');
    assert.equal(cell('status'), 'authorized');
    assert.equal(cell('utc_timestamp'), new Date(T0).toISOString());
    assert.equal(cell('local_time'), '10:00:00');
    assert.equal(cell('order_reference'), `'=HYPERLINK("http://x")`);
    assert.equal(cell('note'), `'+33 6 12`);
    assert.equal(cell('idempotency_key'), a.idempotencyKey);
    assert.equal(cell('lease'), 'standalone', 'a register working alone takes no lease');
    assert.deepEqual(CSV_COLUMNS.slice(0, 19).at(-1), 'lease', 'new columns only ever go at the end');
  });

  test('the lease column says whether the terminal was held through the store', () => {
    const leaseCell = (lease: 'held' | 'none_store_down') => {
      const [header, row] = parse(toCsv([toReportRow({ ...sale(T0), lease })])) as string[][];
      return row?.[header?.indexOf('lease') ?? -1];
    };
    assert.equal(leaseCell('held'), 'held');
    assert.equal(leaseCell('none_store_down'), 'none-store-down');
  });

  test('every dangerous first character is neutralised, plain text is not', () => {
    for (const s of ['=1', '+1', '-1', '@A', '\tx', '\rx']) assert.equal(neutralise(s), `'${s}`);
    assert.equal(neutralise('A-1'), 'A-1');
    assert.equal(neutralise(''), '');
  });
});
