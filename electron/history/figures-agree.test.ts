/**
 * The same day counted by every reader: the counter's Today (what the engine pushes), the journal
 * screen and Z report (DayService over the journal folder), and the three exports. They must give
 * the same authorized money, tips, open duplicates and refused count, and with refunds and a
 * hand settlement the same net takings (docs/money.md).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import type { Attempt } from '../../shared/domain/attempt.js';
import { localDay } from '../../shared/domain/calendar-day.js';
import { dayView } from '../../shared/domain/day-view.js';
import { refusedCount } from '../../shared/domain/money-figures.js';
import { decimalStringToMinor } from '../../shared/money.js';
import { withTempDir } from '../fs/testing/temp-dir.js';
import { Journal } from '../payments/journal.js';
import { journalWriter } from '../payments/testing/record-writer.js';
import { newAttempt } from '../payments/new-attempt.js';
import { SALE, T0 } from '../payments/testing/engine-fixture.js';
import { toCsv, toExcelCsv } from './csv-export.js';
import { DayService } from './day-service.js';
import { readHistory } from './journal-history.js';
import { toXlsx } from './xlsx-export.js';
import { SeenMoneyRecords } from '../payments/money-bodies.js';

const none = (): Attempt[] => [];
const MIN = 60_000;

function sale(at: number, amountMinor: number, over: Partial<Attempt>): Attempt {
  return { ...newAttempt({ ...SALE, amountMinor, registerId: 'REG-1', saleId: null, previousAttemptId: null }, at), ...over };
}

function aDay(): Attempt[] {
  const paid = { state: 'authorized', paymentId: 'p', paymentMethod: 'visa' } as const;
  return [
    sale(T0, 1250, { ...paid, authorizedAmountMinor: 1250 }),
    sale(T0 + MIN, 1000, { ...paid, authorizedAmountMinor: 1200, tipMinor: 200 }),
    sale(T0 + 2 * MIN, 830, { state: 'refused', failureReason: 'card_declined' }),
    sale(T0 + 3 * MIN, 1111, { ...paid, authorizedAmountMinor: 1111, possibleDuplicate: true, abandoned: true }),
    sale(T0 + 4 * MIN, 4200, { state: 'timed_out' }),
    // The next day: in no figure of this one.
    sale(T0 + 24 * 60 * MIN, 2000, { ...paid, authorizedAmountMinor: 2000 }),
  ];
}

test('Today, the journal screen, the Z report and the three exports agree on the same day', async () => {
  await withTempDir('counterpay-agree-', async (dir) => {
    const { journal } = await Journal.open(dir);
    for (const a of aDay()) await journal.append('create', a.createdAt, [a], none);
    await journal.close();
    const day = localDay(T0);
    const journalDir = join(dir, 'journal');

    const all = (await readHistory(journalDir, { from: day, to: localDay(T0 + 24 * 60 * MIN) })).attempts;
    const today = dayView(all, day, localDay, 0).totals;
    const screen = await new DayService({ journalDir, records: journalWriter(journal, () => T0), registerId: 'REG-1', now: () => T0 + 48 * 60 * MIN }).history({ from: day, to: day });
    const z = screen.totals; // the printed report prints the view's totals

    const expected = { authorized: 1250 + 1200 + 1111, tips: 200, openDuplicates: 1111, refused: 1, noAnswer: 1 };
    for (const [who, f] of [['Today', today], ['journal', screen.totals], ['Z report', z]] as const) {
      assert.deepEqual({
        authorized: f.authorized.authorizedMinor, tips: f.authorized.tipMinor, openDuplicates: f.openDuplicates.authorizedMinor,
        refused: refusedCount(f), noAnswer: f.noAnswer,
      }, expected, who);
      assert.equal(f.netMinor, expected.authorized, `${who}: nothing refunded, net takings = authorized`);
    }

    const fromCsv = (text: string, delimiter: string) => {
      const [header, ...rows] = parse(text, { delimiter, bom: true }) as string[][];
      const col = (name: string) => rows.map((r) => r[header!.indexOf(name)] ?? '');
      const sum = (name: string) => col(name).reduce((s, v) => s + (v === '' ? 0 : decimalStringToMinor(v.replace(',', '.')) ?? NaN), 0);
      const status = col('status');
      return {
        authorized: sum('amount_authorized'), tips: sum('tip'),
        openDuplicates: col('duplicate_resolution').reduce((s, v, i) => s + (v === 'open' ? decimalStringToMinor(col('amount_authorized')[i]!.replace(',', '.'))! : 0), 0),
        refused: status.filter((s) => s === 'refused' || s === 'rejected').length, noAnswer: status.filter((s) => s === 'no_answer').length,
      };
    };
    assert.deepEqual(fromCsv(toCsv(screen.rows), ','), expected, 'csv');
    assert.deepEqual(fromCsv(toExcelCsv(screen.rows, 'fr'), ';'), expected, 'excel');

    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await toXlsx(screen.rows, 'en')) as unknown as ExcelJS.Buffer);
    const totals = new Map(wb.worksheets[1]!.getSheetValues().slice(1).map((r) => {
      const cells = r as unknown[];
      return [String(cells[1]), cells.slice(2)];
    }));
    assert.deepEqual({
      authorized: Math.round(Number(totals.get('Paid')?.[0]) * 100), tips: Math.round(Number(totals.get('of which tips')?.[0]) * 100),
      openDuplicates: Math.round(Number(totals.get('Possible duplicates to settle')?.[1]) * 100),
      refused: totals.get('Refused')?.[0], noAnswer: totals.get('No answer')?.[0],
    }, expected, 'xlsx');
  });
});

test('with a refund and a hand settlement: Today, the journal and the three exports give the same net takings', async () => {
  await withTempDir('counterpay-agree-refund-', async (dir) => {
    const { journal } = await Journal.open(dir);
    const attempts = aDay();
    for (const a of attempts) await journal.append('create', a.createdAt, [a], none);
    const [paid, , , , lost] = attempts as [Attempt, Attempt, Attempt, Attempt, Attempt];
    const refund = { refundId: 'r1', attemptId: paid.id, saleId: paid.saleId, paymentKey: paid.idempotencyKey, terminalId: paid.terminalId, registerId: 'REG-1', amountMinor: 450, currency: 'EUR', where: 'terminal', reason: 'returned' };
    await journal.appendRecord('refund', refund, 'Marie', T0 + 50 * MIN, none);
    await journal.appendRecord('settlement', { attemptId: lost.id, outcome: 'paid', cardLast4: null, authorizationCode: null }, 'Paul', T0 + 60 * MIN, none);
    await journal.close();
    const day = localDay(T0);
    const journalDir = join(dir, 'journal');
    const history = await readHistory(journalDir, { from: day, to: localDay(T0 + 24 * 60 * MIN) });
    const today = dayView(history.attempts, day, localDay, 0, new SeenMoneyRecords(history.others.map((o) => o.entry))).totals;
    const screen = await new DayService({ journalDir, records: journalWriter(journal, () => T0), registerId: 'REG-1', now: () => T0 + 48 * 60 * MIN }).history({ from: day, to: day });
    const net = 1250 + 1200 + 1111 + 4200 - 450;
    for (const [who, f] of [['Today', today], ['journal', screen.totals]] as const) {
      assert.equal(f.netMinor, net, who);
      assert.equal(f.refundedMinor, 450, who);
      assert.equal(f.settledByHand, 1, who);
      assert.equal(f.noAnswer, 0, who);
    }
    const csvNet = (text: string, delimiter: string) => {
      const [header, ...rows] = parse(text, { delimiter, bom: true }) as string[][];
      return rows.reduce((s, r) => s + (decimalStringToMinor((r[header!.indexOf('amount_authorized')] || '0').replace(',', '.')) ?? NaN), 0);
    };
    assert.equal(csvNet(toCsv(screen.rows, { refunds: screen.refunds }), ','), net, 'csv');
    assert.equal(csvNet(toExcelCsv(screen.rows, 'de', { refunds: screen.refunds }), ';'), net, 'excel');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await toXlsx(screen.rows, 'en', { refunds: screen.refunds })) as unknown as ExcelJS.Buffer);
    const netRow = wb.worksheets[1]!.getSheetValues().slice(1).find((r) => (r as unknown[])[1] === 'Net takings') as unknown[];
    assert.equal(Math.round(Number(netRow[2]) * 100), net, 'xlsx');
  });
});
