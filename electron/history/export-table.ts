/**
 * The accountant's export as one table of typed cells, before it becomes a file: the plain CSV,
 * the CSV a spreadsheet in the shop's language opens straight, and the xlsx workbook all write
 * these same columns and values, each in its own way (decimal dot, decimal comma, real numbers).
 *
 * Its columns are a promise: names and order never change, new ones only ever go at the end
 * (docs/manager-guide.md lists them).
 */
import type { ReportRow } from '../../shared/domain/day-report.js';
import type { Refund } from '../../shared/domain/refunds.js';
import { wallTime } from '../../shared/domain/calendar-day.js';
import { refusalWords } from '../../shared/i18n/bank-words.js';
import type { Language } from '../../shared/i18n/languages.js';
import { translator } from '../../shared/i18n/translate.js';
import { nameOf } from '../../shared/domain/record-by.js';

export const EXPORT_COLUMNS = [
  'local_date', 'local_time', 'utc_timestamp', 'register', 'terminal_serial', 'amount_asked', 'tip',
  'amount_authorized', 'currency', 'status', 'payment_method', 'card_last_digits', 'bank_payment_id',
  'idempotency_key', 'order_reference', 'note', 'duplicate_resolution', 'abandoned', 'lease',
  // Added with the one definition of the money figures (docs/money.md):
  'terminal_name', 'refusal_reason', 'refusal_reason_text', 'duplicate_note', 'kind', 'settled_by_hand',
  // Added with refunds (docs/money.md): on a refund row, the idempotency key of the payment it refunds, where, and who recorded it.
  'refund_of', 'refund_place', 'recorded_by',
  // Added with staff (docs/money.md): who sold the payment at the counter, or who recorded the refund; empty when nobody was signed in.
  'cashier',
] as const;
export type ExportColumn = (typeof EXPORT_COLUMNS)[number];

/** How a cell is written: text as it is, an amount in cents, a day "YYYY-MM-DD", a time "HH:MM:SS". */
export type CellKind = 'text' | 'money' | 'day' | 'time';
export const COLUMN_KINDS: Partial<Record<ExportColumn, CellKind>> = {
  local_date: 'day', local_time: 'time', amount_asked: 'money', tip: 'money', amount_authorized: 'money',
};
export const kindOf = (c: ExportColumn): CellKind => COLUMN_KINDS[c] ?? 'text';

/** A money cell holds cents, or null when empty (not authorized); every other cell holds text. */
export type ExportCell = string | number | null;
export type ExportRow = Record<ExportColumn, ExportCell>;

/** What the register knows about a terminal besides the journal: its serial when listed, the shop's name. */
export interface KnownTerminal {
  serial: string | null;
  name: string | null;
}

export interface ExportOptions {
  /** Register names by id (store mode, or this register's own name); the id is written when unknown. */
  registerNames?: ReadonlyMap<string, string>;
  /** Terminals as the register knows them now: the fallback for rows journaled before the serial was kept. */
  terminals?: ReadonlyMap<string, KnownTerminal>;
  /** Each register's time zone (IANA name); absent: this process's zone. */
  zoneOf?: (registerId: string) => string | null | undefined;
  /** The language of the words in the export (refusal reasons, totals); English when absent. */
  language?: Language;
  /** Refunds recorded in the range: one negative row each, in time order among the payments. */
  refunds?: readonly Refund[];
}

/** Store mode: how the terminal was held when the payment left (see Attempt.lease). */
const LEASE_CELL = { held: 'held', none_store_down: 'none-store-down' } as const;

function terminalCells(row: Pick<ReportRow, 'terminalId' | 'terminal'>, opts: ExportOptions): { serial: string; name: string } {
  const known = opts.terminals?.get(row.terminalId);
  return {
    serial: row.terminal?.serial ?? known?.serial ?? row.terminalId,
    name: (row.terminal ? row.terminal.name : known?.name) ?? '',
  };
}

export function exportRows(rows: readonly ReportRow[], opts: ExportOptions = {}): ExportRow[] {
  const payments = paymentRows(rows, opts).map((cells, i) => ({ at: rows[i]?.createdAt ?? 0, cells }));
  const refunds = (opts.refunds ?? []).map((r) => ({ at: r.at, cells: refundRow(r, opts) }));
  // Stable: a payment and its refund in the same millisecond keep payments first.
  return [...payments, ...refunds].sort((a, b) => a.at - b.at).map((x) => x.cells);
}

/** A refund as its own row: the money negative, the payment it refunds named by its key. */
function refundRow(r: Refund, opts: ExportOptions): ExportRow {
  const wall = wallTime(r.at, opts.zoneOf?.(r.registerId));
  const terminal = terminalCells({ terminalId: r.terminalId, terminal: null }, opts);
  const empty = Object.fromEntries(EXPORT_COLUMNS.map((c) => [c, ''])) as ExportRow;
  return {
    ...empty,
    local_date: wall.day, local_time: wall.time, utc_timestamp: new Date(r.at).toISOString(),
    register: opts.registerNames?.get(r.registerId) ?? r.registerId,
    terminal_serial: terminal.serial, terminal_name: terminal.name,
    amount_asked: -r.amountMinor, tip: 0, amount_authorized: -r.amountMinor, currency: r.currency,
    status: 'refunded', note: r.reason, abandoned: 'no', settled_by_hand: 'no', kind: 'refund',
    refund_of: r.paymentKey, refund_place: r.where, recorded_by: nameOf(r.by), cashier: nameOf(r.by),
  };
}

function paymentRows(rows: readonly ReportRow[], opts: ExportOptions): ExportRow[] {
  const t = translator(opts.language ?? 'en');
  return rows.map((row) => {
    const wall = wallTime(row.createdAt, opts.zoneOf?.(row.registerId));
    const terminal = terminalCells(row, opts);
    return {
      local_date: wall.day,
      local_time: wall.time,
      utc_timestamp: new Date(row.createdAt).toISOString(),
      register: opts.registerNames?.get(row.registerId) ?? row.registerId,
      terminal_serial: terminal.serial,
      amount_asked: row.amountMinor,
      tip: row.tipMinor,
      amount_authorized: row.authorizedMinor,
      currency: row.currency,
      status: row.status,
      payment_method: row.paymentMethod ?? '',
      card_last_digits: row.cardLast4 ?? '',
      bank_payment_id: row.paymentId ?? '',
      idempotency_key: row.idempotencyKey,
      order_reference: row.orderReference ?? '',
      note: row.note ?? '',
      duplicate_resolution: row.resolution?.kind ?? (row.openDuplicate ? 'open' : ''),
      abandoned: row.abandoned ? 'yes' : 'no',
      lease: row.lease === null ? 'standalone' : LEASE_CELL[row.lease],
      terminal_name: terminal.name,
      refusal_reason: row.status === 'refused' ? row.refusalReason ?? '' : '',
      refusal_reason_text: row.status === 'refused' ? refusalWords(t, row.refusalReason) : '',
      duplicate_note: row.resolution?.note ?? '',
      kind: 'payment',
      settled_by_hand: row.settledByHand ? 'yes' : 'no',
      refund_of: '',
      refund_place: '',
      recorded_by: nameOf(row.settlement?.by),
      cashier: nameOf(row.cashier),
    };
  });
}
