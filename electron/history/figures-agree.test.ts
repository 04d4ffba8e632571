/**
 * The same day counted by every reader: the counter's Today (what the engine pushes), the journal
 * screen and Z report (DayService over the journal folder), and the three exports. They must give
 * the same authorized money, tips, open duplicates and refused count (docs/money.md).
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
