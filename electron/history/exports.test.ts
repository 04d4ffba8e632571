/** The accountant's three files: the plain CSV's new columns, the spreadsheet CSV parsed back with `;` and decimal commas, the workbook read back with exceljs. */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import type { Attempt } from '../../shared/domain/attempt.js';
import { computeTotals, toReportRow, type ReportRow } from '../../shared/domain/day-report.js';
import { newAttempt } from '../payments/new-attempt.js';
import { SALE, T0 } from '../payments/testing/engine-fixture.js';
import { CSV_COLUMNS, toCsv, toExcelCsv } from './csv-export.js';
import { EXPORT_COLUMNS } from './export-table.js';
import { MONEY_FORMAT, toXlsx } from './xlsx-export.js';

/** The columns as the first release wrote them: they never move. */
const FIRST_COLUMNS = [
  'local_date', 'local_time', 'utc_timestamp', 'register', 'terminal_serial', 'amount_asked', 'tip',
  'amount_authorized', 'currency', 'status', 'payment_method', 'card_last_digits', 'bank_payment_id',
  'idempotency_key', 'order_reference', 'note', 'duplicate_resolution', 'abandoned', 'lease',
];

function sale(over: Partial<Attempt>, metadata: Attempt['metadata'] = {}): Attempt {
  return { ...newAttempt({ ...SALE, metadata, registerId: 'reg-1', saleId: null, previousAttemptId: null }, T0), ...over };
}

const paid = (over: Partial<Attempt> = {}, metadata: Attempt['metadata'] = {}): Attempt =>
  sale({ state: 'authorized', paymentId: 'pay-1', authorizedAmountMinor: 1330, paymentMethod: 'visa', cardSummary: '4242', ...over }, metadata);

/** A day with one of each kind of row the accountant sees. */
function aDay(): ReportRow[] {
  return [
    paid({ terminal: { serial: 'S1F2-FR-0001', name: 'Comptoir' }, amountMinor: 1000, authorizedAmountMinor: 1250, tipMinor: 250 }, { order_reference: '=SUM(A1:A9)' }),
    sale({ state: 'refused', failureReason: 'insufficient_funds', terminalId: 'term-2' }),
    paid({ possibleDuplicate: true, resolution: { kind: 'refunded_outside', note: 'refund on the terminal, slip 7', at: T0 }, authorizedAmountMinor: 999, amountMinor: 999 }),
  ].map(toReportRow);
}

const table = (csv: string, delimiter = ',') => {
  const [header, ...rows] = parse(csv, { delimiter, bom: true }) as string[][];
  return { header, rows, cell: (r: number, c: string) => rows[r]?.[header!.indexOf(c)] };
};

describe('the plain CSV', () => {
  test('new columns go at the end; the first release\'s keep their names and order', () => {
    assert.deepEqual(CSV_COLUMNS.slice(0, FIRST_COLUMNS.length), FIRST_COLUMNS);
    assert.deepEqual(CSV_COLUMNS.slice(FIRST_COLUMNS.length), ['terminal_name', 'refusal_reason', 'refusal_reason_text', 'duplicate_note', 'kind', 'settled_by_hand', 'refund_of', 'refund_place', 'recorded_by', 'cashier']);
  });

  test('serial and shop name, refusal code and words, a stable duplicate answer with its note apart', () => {
    const terminals = new Map([['term-2', { serial: null, name: 'Terrasse' }]]);
    const t = table(toCsv(aDay(), { terminals, registerNames: new Map([['reg-1', 'Caisse 1']]), language: 'fr' }));
    assert.equal(t.cell(0, 'terminal_serial'), 'S1F2-FR-0001', 'the serial journaled at charge time');
    assert.equal(t.cell(0, 'terminal_name'), 'Comptoir');
    assert.equal(t.cell(1, 'terminal_serial'), 'term-2', 'an older row without the serial: the id, as the register knows no serial');
    assert.equal(t.cell(1, 'terminal_name'), 'Terrasse', 'an older row: the name the register still knows');
    assert.equal(t.cell(1, 'refusal_reason'), 'insufficient_funds');
    assert.match(t.cell(1, 'refusal_reason_text') ?? '', /Provision insuffisante|insuffisant/i);
    assert.equal(t.cell(0, 'refusal_reason'), '');
    assert.equal(t.cell(2, 'duplicate_resolution'), 'refunded_outside');
    assert.equal(t.cell(2, 'duplicate_note'), 'refund on the terminal, slip 7');
    assert.deepEqual(t.rows.map((r) => r[t.header!.indexOf('kind')]), ['payment', 'payment', 'payment']);
    assert.equal(t.cell(0, 'settled_by_hand'), 'no');
    assert.equal(t.cell(0, 'register'), 'Caisse 1');
    assert.equal(t.cell(0, 'amount_authorized'), '12.50');
    assert.equal(t.cell(0, 'order_reference'), '\'=SUM(A1:A9)');
  });

  test('each register\'s day and time are its own zone\'s', () => {
    const late = [toReportRow(paid({ createdAt: Date.UTC(2026, 3, 1, 23, 30), deadlineAt: Date.UTC(2026, 3, 1, 23, 32) }))];
    const at = (zone: string) => table(toCsv(late, { zoneOf: () => zone }));
    assert.deepEqual([at('Europe/Paris').cell(0, 'local_date'), at('Europe/Paris').cell(0, 'local_time')], ['2026-04-02', '01:30:00']);
    assert.deepEqual([at('America/New_York').cell(0, 'local_date'), at('America/New_York').cell(0, 'local_time')], ['2026-04-01', '19:30:00']);
  });
});

describe('the spreadsheet CSV (--format excel)', () => {
  test('French, Italian, German and Spanish: BOM, `;`, decimal comma, the language\'s days', () => {
    for (const [language, day] of [['fr', '01/04/2026'], ['it', '01/04/2026'], ['es', '01/04/2026'], ['de', '01.04.2026']] as const) {
      const csv = toExcelCsv(aDay(), language);
      assert.ok(csv.startsWith('\ufeff'), language);
      const t = table(csv, ';');
      assert.deepEqual(t.header, [...EXPORT_COLUMNS], language);
      assert.equal(t.cell(0, 'amount_asked'), '10,00', language);
      assert.equal(t.cell(0, 'tip'), '2,50', language);
      assert.equal(t.cell(0, 'amount_authorized'), '12,50', language);
      assert.equal(t.cell(1, 'amount_authorized'), '', 'not paid: empty');
      assert.equal(t.cell(0, 'local_date'), day, language);
      assert.equal(t.cell(0, 'order_reference'), '\'=SUM(A1:A9)', 'formula-like text keeps its prefix');
    }
  });

  test('English: comma and decimal dot, days day first', () => {
    const t = table(toExcelCsv(aDay(), 'en'));
    assert.equal(t.cell(0, 'amount_authorized'), '12.50');
    assert.equal(t.cell(0, 'local_date'), '01/04/2026');
    assert.match(t.cell(1, 'refusal_reason_text') ?? '', /funds/i);
  });
});

describe('the workbook (--format xlsx)', () => {
  test('a sheet of payments with amounts as euro numbers, days as dates, text as text; a sheet of totals', async () => {
    const rows = aDay();
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await toXlsx(rows, 'fr')) as unknown as ExcelJS.Buffer);
    assert.deepEqual(wb.worksheets.map((s) => s.name), ['Paiements', 'Totaux']);
    const payments = wb.worksheets[0]!;
    const header = (payments.getRow(1).values as unknown[]).slice(1);
    assert.deepEqual(header, [...EXPORT_COLUMNS]);
    const col = (name: string) => EXPORT_COLUMNS.indexOf(name as (typeof EXPORT_COLUMNS)[number]) + 1;
    const paidRow = payments.getRow(2);
    assert.equal(paidRow.getCell(col('amount_authorized')).value, 12.5);
    assert.equal(paidRow.getCell(col('amount_authorized')).numFmt, MONEY_FORMAT);
    assert.equal(paidRow.getCell(col('tip')).value, 2.5);
    const day = paidRow.getCell(col('local_date'));
    assert.equal(day.type, ExcelJS.ValueType.Date);
    assert.equal((day.value as Date).toISOString().slice(0, 10), '2026-04-01');
    const reference = paidRow.getCell(col('order_reference'));
    assert.equal(reference.type, ExcelJS.ValueType.String, 'formula-like text is a text cell');
    assert.equal(reference.value, '=SUM(A1:A9)');
    assert.equal(reference.formula, undefined);
    assert.equal(payments.getRow(3).getCell(col('amount_authorized')).value, null, 'a refused payment has no authorized amount');
    assert.equal(payments.getRow(3).getCell(col('refusal_reason')).value, 'insufficient_funds');
    assert.equal(payments.rowCount, 4);

    const totals = wb.worksheets[1]!;
    const figure = (label: string) => totals.getColumn(1).values.indexOf(label);
    const t = computeTotals(rows);
    assert.equal(totals.getRow(figure('Encaissé')).getCell(2).value, t.authorized.authorizedMinor / 100);
    assert.equal(totals.getRow(figure('Recette nette')).getCell(2).value, t.netMinor / 100);
    assert.equal(totals.getRow(figure('Remboursé')).getCell(2).value, 0);
    assert.equal(totals.getRow(figure('Refusés')).getCell(2).value, 1);
  });
});
