/**
 * Refunds and hand settlements in the accountant's three files: a refund is its own negative
 * row naming the payment it refunds, a settled payment says so, and the workbook's totals net
 * the refunds, as the journal screen does.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { computeTotals, toReportRow } from '../../shared/domain/day-report.js';
import { foldRecords, type Refund, type Settlement } from '../../shared/domain/refunds.js';
import { newAttempt } from '../payments/new-attempt.js';
import { SALE, T0 } from '../payments/testing/engine-fixture.js';
import { toCsv, toExcelCsv } from './csv-export.js';
import { EXPORT_COLUMNS } from './export-table.js';
import { toXlsx } from './xlsx-export.js';

const base = newAttempt({ ...SALE, registerId: 'reg-1', saleId: null, previousAttemptId: null }, T0);
const paid = { ...base, state: 'authorized' as const, paymentId: 'pay-1', authorizedAmountMinor: 2000, amountMinor: 2000 };
const lost = { ...newAttempt({ ...SALE, registerId: 'reg-1', saleId: null, previousAttemptId: null }, T0 + 120_000), state: 'timed_out' as const, amountMinor: 900 };
const refund: Refund = {
  refundId: 'r1', attemptId: paid.id, saleId: paid.saleId, paymentKey: paid.idempotencyKey, terminalId: paid.terminalId, registerId: 'reg-1',
  amountMinor: 500, currency: 'EUR', where: 'bank_app', reason: 'one item back', at: T0 + 60_000, by: 'Marie',
};
const settlement: Settlement = { attemptId: lost.id, outcome: 'paid', cardLast4: '4242', authorizationCode: 'A1', at: T0 + 3_600_000, by: 'Paul' };
const rows = foldRecords([paid, lost].map(toReportRow), [settlement], [refund]);
const opts = { refunds: [refund], registerNames: new Map([['reg-1', 'Caisse 1']]) };
const table = (csv: string, delimiter: string) => {
  const [header, ...body] = parse(csv, { delimiter, bom: true }) as string[][];
  return { body, cell: (r: number, c: string) => body[r]?.[header!.indexOf(c)] };
};

test('CSV and spreadsheet CSV: the refund row is negative, names its payment, in time order', () => {
  const csv = table(toCsv(rows, opts), ',');
  assert.equal(csv.body.length, 3);
  assert.equal(csv.cell(1, 'kind'), 'refund', 'the refund was recorded between the two payments');
  assert.equal(csv.cell(1, 'amount_authorized'), '-5.00');
  assert.equal(csv.cell(1, 'refund_of'), paid.idempotencyKey);
  assert.equal(csv.cell(1, 'refund_place'), 'bank_app');
  assert.equal(csv.cell(1, 'recorded_by'), 'Marie');
  assert.equal(csv.cell(0, 'kind'), 'payment');
  assert.equal(csv.cell(2, 'settled_by_hand'), 'yes');
  assert.equal(csv.cell(2, 'status'), 'authorized');
  assert.equal(csv.cell(2, 'amount_authorized'), '9.00');
  assert.equal(csv.cell(2, 'recorded_by'), 'Paul');
  const fr = table(toExcelCsv(rows, 'fr', opts), ';');
  assert.equal(fr.cell(1, 'amount_authorized'), '-5,00');
  assert.equal(fr.cell(1, 'kind'), 'refund');
});

test('workbook: the refund a negative euro number, the totals net of it', async () => {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.from(await toXlsx(rows, 'en', opts)) as unknown as ExcelJS.Buffer);
  const sheet = wb.worksheets[0]!;
  const col = (name: string) => EXPORT_COLUMNS.indexOf(name as (typeof EXPORT_COLUMNS)[number]) + 1;
  assert.equal(sheet.getRow(3).getCell(col('amount_authorized')).value, -5);
  assert.equal(sheet.getRow(3).getCell(col('kind')).value, 'refund');
  const totals = wb.worksheets[1]!;
  const figure = (label: string) => totals.getRow(totals.getColumn(1).values.indexOf(label)).getCell(2).value;
  const t = computeTotals(rows, undefined, [refund]);
  assert.equal(t.netMinor, 2000 + 900 - 500);
  assert.equal(figure('Net takings'), t.netMinor / 100);
  assert.equal(figure('Refunded'), 5);
  assert.equal(figure('Settled by hand'), 1);
});

test('the cashier column names who sold each payment and who recorded each refund; empty when nobody was signed in', async () => {
  const sold = foldRecords([{ ...paid, cashier: { id: 'anna', name: 'Anna' } }, { ...lost, cashier: null }].map(toReportRow), [], [refund]);
  const csv = table(toCsv(sold, opts), ',');
  assert.deepEqual([0, 1, 2].map((r) => csv.cell(r, 'cashier')), ['Anna', 'Marie', '']);
  const fr = table(toExcelCsv(sold, 'fr', opts), ';');
  assert.equal(fr.cell(0, 'cashier'), 'Anna');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.from(await toXlsx(sold, 'en', opts)) as unknown as ExcelJS.Buffer);
  const at = EXPORT_COLUMNS.indexOf('cashier') + 1;
  assert.equal(at, EXPORT_COLUMNS.length, 'a new column goes at the end');
  assert.equal(wb.worksheets[0]!.getRow(2).getCell(at).value, 'Anna');
  assert.equal(wb.worksheets[0]!.getRow(1).getCell(at).value, 'cashier');
});
