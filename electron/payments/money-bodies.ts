/**
 * The bodies of the manager's money records, `refund` and `settlement` (shared/domain/refunds.ts
 * says what they mean), their readers for the journal, and the conversions back to the domain's
 * Refund and Settlement with the envelope's time and name. Kept apart from record-bodies.ts so
 * the money rules sit in one place.
 */
import { REFUND_PLACES, SETTLEMENT_OUTCOMES, type Refund, type Settlement } from '../../shared/domain/refunds.js';
import { invalid, valid, type Validated } from '../../shared/result.js';
import { Reader } from '../../shared/validation/read.js';
import type { JournalEntry } from './journal-records.js';
import type { ClosingBody } from './closing-bodies.js';
import type { DayClosedMark, DayMoney } from '../../shared/domain/day-view.js';

/** A body holds what the kind says; who and when are the envelope's (`by`, `at`). */
export type RefundBody = Omit<Refund, 'at' | 'by'>;
export type SettlementBody = Omit<Settlement, 'at' | 'by'>;

const nullableText = (r: Reader, o: Record<string, unknown>, key: string, shape: RegExp): string | null => {
  if (o[key] === null || o[key] === undefined) return null;
  const s = r.string(o, key) ?? null;
  if (s !== null && !shape.test(s)) r.issue(`/${key}`, 'invalid', `${key} has the wrong shape`);
  return s;
};

export function readRefundBody(o: Record<string, unknown>): Validated<RefundBody> {
  const r = new Reader();
  r.noExtraKeys(o, ['refundId', 'attemptId', 'saleId', 'paymentKey', 'terminalId', 'registerId', 'amountMinor', 'currency', 'where', 'reason']);
  const body: RefundBody = {
    refundId: r.string(o, 'refundId', { required: true, min: 1 }) ?? '',
    attemptId: r.string(o, 'attemptId', { required: true, min: 1 }) ?? '',
    saleId: r.string(o, 'saleId', { required: true, min: 1 }) ?? '',
    paymentKey: r.string(o, 'paymentKey', { required: true, min: 1 }) ?? '',
    terminalId: r.string(o, 'terminalId', { required: true, min: 1 }) ?? '',
    registerId: r.string(o, 'registerId', { required: true, min: 1 }) ?? '',
    amountMinor: r.integer(o, 'amountMinor', { required: true, min: 1 }) ?? 0,
    currency: r.string(o, 'currency', { required: true, min: 3, max: 3 }) ?? '',
    where: r.oneOf(o, 'where', REFUND_PLACES, { required: true }) ?? 'terminal',
    reason: r.string(o, 'reason', { required: true, min: 1, max: 500 }) ?? '',
  };
  return r.issues.length ? invalid(r.issues) : valid(body);
}

export function readSettlementBody(o: Record<string, unknown>): Validated<SettlementBody> {
  const r = new Reader();
  r.noExtraKeys(o, ['attemptId', 'outcome', 'cardLast4', 'authorizationCode']);
  const body: SettlementBody = {
    attemptId: r.string(o, 'attemptId', { required: true, min: 1 }) ?? '',
    outcome: r.oneOf(o, 'outcome', SETTLEMENT_OUTCOMES, { required: true }) ?? 'paid',
    cardLast4: nullableText(r, o, 'cardLast4', /^\d{4}$/),
    authorizationCode: nullableText(r, o, 'authorizationCode', /^[A-Za-z0-9]{1,12}$/),
  };
  return r.issues.length ? invalid(r.issues) : valid(body);
}

/** The domain's refund, dated and signed by its envelope; null for another kind. */
export function refundOf(e: JournalEntry): Refund | null {
  if (e.kind !== 'refund' || !e.known) return null;
  // The staff member when the envelope names one, so reports tell two people of one name apart.
  return { ...(e.body as RefundBody), at: e.at, by: e.byStaff ?? e.by };
}

export function settlementOf(e: JournalEntry): Settlement | null {
  if (e.kind !== 'settlement' || !e.known) return null;
  return { ...(e.body as SettlementBody), at: e.at, by: e.byStaff ?? e.by };
}

/** The money records the engine has seen (its newest file at start, then each it writes): the counter's Today counts them, and says when its day was closed. */
export class SeenMoneyRecords implements DayMoney {
  readonly refunds: Refund[] = [];
  readonly settlements = new Map<string, Settlement>();
  readonly closedDays = new Map<string, DayClosedMark>();

  constructor(entries: Iterable<JournalEntry>) {
    for (const e of entries) this.note(e);
  }

  note(e: JournalEntry): void {
    const r = refundOf(e);
    if (r) this.refunds.push(r);
    const s = settlementOf(e);
    if (s) this.settlements.set(s.attemptId, s);
    const closing = e.kind === 'close' && e.known ? (e.body as ClosingBody) : null;
    if (closing && !this.closedDays.has(closing.day)) this.closedDays.set(closing.day, { by: e.byStaff ?? e.by, at: e.at });
  }
}
