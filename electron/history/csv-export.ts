/**
 * The accountant's CSV. Its columns are a promise: names and order never change, new ones
 * only ever go at the end (docs/manager-guide.md lists them). Amounts are decimal strings with a dot,
 * whatever the shop's language, so every spreadsheet and accounting tool reads them alike.
 *
 * An order reference or a note is typed at the counter, so a cell that starts like a formula
 * ("=HYPERLINK(…)", "+1", "-2", "@SUM") would run in the accountant's spreadsheet: such cells
 * are neutralised with a leading apostrophe, the convention spreadsheets display as text.
 */
import { stringify } from 'csv-stringify/sync';
import { minorToDecimalString } from '../../shared/money.js';
import type { ReportRow } from '../../shared/domain/day-report.js';

export const CSV_COLUMNS = [
  'local_date', 'local_time', 'utc_timestamp', 'register', 'terminal_serial', 'amount_asked', 'tip',
  'amount_authorized', 'currency', 'status', 'payment_method', 'card_last_digits', 'bank_payment_id',
  'idempotency_key', 'order_reference', 'note', 'duplicate_resolution', 'abandoned', 'lease',
] as const;

/** Store mode: how the terminal was held when the payment left (see Attempt.lease). */
const LEASE_CELL = { held: 'held', none_store_down: 'none-store-down' } as const;

const FORMULA_START = /^[=+\-@\t\r]/;

/** Makes a cell read as text in a spreadsheet however it starts. */
export function neutralise(cell: string): string {
  return FORMULA_START.test(cell) ? `'${cell}` : cell;
}

const pad = (n: number): string => String(n).padStart(2, '0');

export interface CsvOptions {
  /** Register names by id; the id is written when a name is unknown. */
  registerNames?: ReadonlyMap<string, string>;
}

function cells(row: ReportRow, opts: CsvOptions): string[] {
  const d = new Date(row.createdAt);
  return [
    `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`,
    `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`,
    d.toISOString(),
    opts.registerNames?.get(row.registerId) ?? row.registerId,
    row.terminalId,
    minorToDecimalString(row.amountMinor),
    minorToDecimalString(row.tipMinor),
    row.authorizedMinor === null ? '' : minorToDecimalString(row.authorizedMinor),
    row.currency,
    row.status,
    row.paymentMethod ?? '',
    row.cardLast4 ?? '',
    row.paymentId ?? '',
    row.idempotencyKey,
    row.orderReference ?? '',
    row.note ?? '',
    row.duplicateResolution ?? (row.openDuplicate ? 'open' : ''),
    row.abandoned ? 'yes' : 'no',
    row.lease === null ? 'standalone' : LEASE_CELL[row.lease],
  ].map(neutralise);
}

export function toCsv(rows: readonly ReportRow[], opts: CsvOptions = {}): string {
  return stringify([[...CSV_COLUMNS], ...rows.map((r) => cells(r, opts))], { record_delimiter: '\r\n' });
}
