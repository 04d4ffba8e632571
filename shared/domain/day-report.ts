/**
 * What a manager and an accountant read about a day: one row per payment attempt in the
 * words they use, and the totals of a day or a range. Pure, so the journal screen, the
 * printed report, the CSV export and the command line all count the same way.
 */
import type { Attempt, AttemptTerminal, LeaseMark, ResolutionKind } from './attempt.js';
import type { JsonValue } from '../json.js';
import type { Refund } from './refunds.js';
import type { SignedHead } from './closings.js';
import type { StaffRef } from './staff.js';
import { personKey } from './record-by.js';
import type { PersonChoice, PersonTakings } from './staff-figures.js';
import { addToBucket, countableOf, countInto, emptyBucket, emptyFigures, statusOf, type Bucket, type CountableRefund, type GrandTotal, type MoneyFigures, type ReportStatus } from './money-figures.js';

export { statusOf, type Bucket, type ReportStatus };

export interface ReportRow {
  attemptId: string;
  saleId: string;
  createdAt: number;
  updatedAt: number;
  registerId: string;
  terminalId: string;
  /** The terminal's serial and shop name journaled at charge time; null in older journals. */
  terminal: AttemptTerminal | null;
  currency: string;
  amountMinor: number;
  /** Part of the authorized amount the customer added on the terminal; 0 when none. */
  tipMinor: number;
  authorizedMinor: number | null;
  status: ReportStatus;
  abandoned: boolean;
  possibleDuplicate: boolean;
  /** A possible duplicate no manager has settled yet: money that may have to go back. */
  openDuplicate: boolean;
  /** The same settlement as data, for screens that word it in their own language. */
  resolution: { kind: ResolutionKind; note: string } | null;
  /** The bank's code for why a refused payment was refused; null otherwise. */
  refusalReason: string | null;
  /** Its outcome was recorded by a manager from the terminal's slip (a `settlement` record, refunds.ts). */
  settledByHand: boolean;
  /** What the slip said, when settled by hand. */
  settlement?: { outcome: 'paid' | 'not_paid'; cardLast4: string | null; authorizationCode: string | null; at: number; by: string | StaffRef };
  /** Money refunded against this payment so far (any day's refunds read with it); absent when none. */
  refundedMinor?: number;
  /** Each refund recorded against it (any day's), so each can have its receipt; absent when none. */
  refunds?: { refundId: string; amountMinor: number; at: number }[];
  paymentMethod: string | null;
  cardLast4: string | null;
  paymentId: string | null;
  idempotencyKey: string;
  orderReference: string | null;
  note: string | null;
  sends: number;
  deadlineAt: number;
  /** Store mode: the terminal's lease was held, or not (store down, the cashier confirmed the terminal free); null: working alone. */
  lease: LeaseMark | null;
  /** Who started it at the counter; null (or absent in rows built before staff) when nobody was signed in. */
  cashier?: StaffRef | null;
}

function textOf(value: JsonValue | undefined): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

export function toReportRow(a: Attempt): ReportRow {
  const { status, authorizedMinor, tipMinor, openDuplicate, abandoned } = countableOf(a);
  return {
    attemptId: a.id,
    saleId: a.saleId,
    createdAt: a.createdAt,
    updatedAt: a.updatedAt,
    registerId: a.registerId,
    terminalId: a.terminalId,
    terminal: a.terminal ?? null,
    currency: a.currency,
    amountMinor: a.amountMinor,
    tipMinor,
    authorizedMinor,
    status,
    abandoned,
    possibleDuplicate: a.possibleDuplicate,
    openDuplicate,
    resolution: a.resolution ? { kind: a.resolution.kind, note: a.resolution.note } : null,
    refusalReason: a.state === 'refused' ? a.failureReason : null,
    settledByHand: false,
    paymentMethod: a.paymentMethod,
    cardLast4: a.cardSummary,
    paymentId: a.paymentId,
    idempotencyKey: a.idempotencyKey,
    orderReference: textOf(a.metadata.order_reference),
    note: textOf(a.metadata.note),
    sends: a.sends,
    deadlineAt: a.deadlineAt,
    lease: a.lease ?? null,
    cashier: a.cashier ?? null,
  };
}

/** The money figures (money-figures.ts defines each one) with the breakdowns the history screen and the Z report show. */
export interface ReportTotals extends MoneyFigures {
  /** Sales (not attempts) that ended paid; a refused-then-paid sale counts once. */
  sales: number;
  averageTicketMinor: number | null;
  byTerminal: Record<string, Bucket>;
  byRegister: Record<string, Bucket>;
  byPaymentMethod: Record<string, Bucket>;
  /** Authorized money per local hour of the day, 0–23. */
  byHour: number[];
}

function addTo(map: Record<string, Bucket>, key: string, row: ReportRow): void {
  addToBucket((map[key] ??= emptyBucket()), row);
}

/** `hourOf` maps a timestamp to the shop's local hour (injected so tests and servers agree). */
export function computeTotals(
  rows: readonly ReportRow[], hourOf: (ms: number) => number = (ms) => new Date(ms).getHours(), refunds: readonly CountableRefund[] = [],
): ReportTotals {
  const t: ReportTotals = {
    ...emptyFigures(), refundedMinor: refunds.reduce((sum, r) => sum + r.amountMinor, 0), sales: 0, averageTicketMinor: null,
    byTerminal: {}, byRegister: {}, byPaymentMethod: {}, byHour: Array.from({ length: 24 }, () => 0),
  };
  const paidSales = new Set<string>();
  for (const row of rows) {
    countInto(t, row);
    if (row.status !== 'authorized') continue;
    addTo(t.byTerminal, row.terminalId, row);
    addTo(t.byRegister, row.registerId, row);
    addTo(t.byPaymentMethod, row.paymentMethod ?? 'unknown', row);
    const hour = hourOf(row.createdAt);
    t.byHour[hour] = (t.byHour[hour] ?? 0) + (row.authorizedMinor ?? 0);
    paidSales.add(row.saleId);
  }
  t.netMinor = t.authorized.authorizedMinor - t.refundedMinor;
  t.sales = paidSales.size;
  t.averageTicketMinor = t.sales ? Math.round(t.authorized.authorizedMinor / t.sales) : null;
  return t;
}

export interface RowFilter {
  registerId?: string;
  terminalId?: string;
  status?: ReportStatus;
  /** Matches the order reference (case-insensitive substring) or the amount typed as digits. */
  search?: string;
  /** A person's key (record-by.ts personKey): their sales, and the refunds they recorded. */
  cashier?: string;
}

export function filterRows(rows: readonly ReportRow[], f: RowFilter): ReportRow[] {
  const needle = f.search?.trim().toLowerCase() ?? '';
  const digits = needle.replace(/[^0-9]/g, '');
  // "12,50" or "12.50" names cents; "12" names whole euros.
  const wanted = digits === '' ? null : /[.,]/.test(needle) ? Number(digits) : Number(digits) * 100;
  return rows.filter((r) =>
    (!f.registerId || r.registerId === f.registerId) &&
    (!f.terminalId || r.terminalId === f.terminalId) &&
    (!f.status || r.status === f.status) &&
    (!f.cashier || personKey(r.cashier) === f.cashier) &&
    (needle === '' ||
      (r.orderReference?.toLowerCase().includes(needle) ?? false) ||
      (wanted !== null && (r.amountMinor === wanted || r.authorizedMinor === wanted))));
}

/** Local days, "YYYY-MM-DD", both included. */
export interface DayRange {
  from: string;
  to: string;
}

export interface DayClosing {
  kind: 'close';
  day: string;
  at: number;
  /** The manager's name as written (typed, before staff existed, or the staff member's name then). */
  by: string;
  /** The manager on the staff list who closed it; absent on closings by a typed name. */
  byStaff?: StaffRef;
  registerId: string;
  /** The totals as they stood at closing: what the printed report says forever. */
  totals: ReportTotals;
  attemptIds: string[];
  /** Numbered closings (closings.ts): the Z number and the grand total after this day; absent on closings from before numbering. */
  number?: number;
  grandTotal?: GrandTotal;
  /** Takings person by person as they stood at closing (staff-figures.ts); absent on closings written before the record kept them. */
  byPerson?: PersonTakings[];
  /** Where the closing record sits in the chain, and the signature made at the closing (null: none found). */
  seq?: number;
  hash?: string;
  signature?: SignedHead | null;
}

export interface DayCorrection {
  kind: 'correction';
  day: string;
  at: number;
  by: string;
  /** As DayClosing.byStaff. */
  byStaff?: StaffRef;
  registerId: string;
  note: string;
  /** Attempts that changed after the closing and that this correction accounts for. */
  attemptIds: string[];
}

/** One register's own journal, or in store mode every register's, read from the store. */
export type HistoryScope = 'register' | 'store';
export const HISTORY_SCOPES = ['register', 'store'] as const satisfies readonly HistoryScope[];

export interface HistoryQuery extends DayRange, RowFilter {
  /** Absent: this register. */
  scope?: HistoryScope;
}

export interface HistoryView {
  from: string;
  to: string;
  scope: HistoryScope;
  /** Names people read, by register id (store mode); a register not named here is shown by its id. */
  registerNames: Record<string, string>;
  /** Each register's time zone (IANA name) where the store recorded it; its days are cut there. Empty for one register's own journal. */
  registerZones: Record<string, string>;
  rows: ReportRow[];
  /** Refunds recorded in the range (each counts on the day it was recorded, whatever day its payment was). */
  refunds: Refund[];
  totals: ReportTotals;
  damaged: string[];
  /** Registers and terminals seen in the range, for the filters. */
  registers: string[];
  /** Registers that took at least one payment in the range, whatever the filters. */
  registersWithPayments: string[];
  terminals: string[];
  /** Everyone who sold or refunded in the range, whatever the filters, for the person filter. */
  people: PersonChoice[];
  closings: DayClosing[];
  corrections: DayCorrection[];
  /** Attempts of a closed day changed after its closing and not yet covered by a correction. */
  changedAfterClosing: string[];
  /**
   * For a single day not yet closed: the attempts that keep it from being closed. In the whole
   * store's view (where each register closes its own day) those of every register.
   */
  closeBlockers: ReportRow[];
  /** Days of the range whose journal chain was found broken (edited, missing or reordered records): their report says so. */
  chainBroken: string[];
  /**
   * The whole store's view: every register whose journal restarted or was copied (its store records
   * from `from` to `to` differ from the chain it ships now). Absent in one register's view.
   */
  chainForks?: { registerId: string; from: number; to: number }[];
}

