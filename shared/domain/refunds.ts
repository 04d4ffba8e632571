/**
 * Refunds and hand settlements: what a manager may record about a payment after the bank has
 * had its say, and how those records fold into the rows and figures everyone reads. The bank
 * API has no refund call, so a refund made on the terminal or in the bank's app is recorded here
 * against the sale it refunds; a payment nobody could confirm is settled from the terminal's
 * slip. Pure: the register's writer checks with it before anything is written, and every reader
 * (journal screen, Z report, exports, the store) folds with it.
 */
import type { StaffRef } from './staff.js';
import { lateWatchDelay, DEFAULT_POLICY, type EnginePolicy } from './attempt-policy.js';
import { wallAge } from './attempt-rules.js';
import type { ReportRow } from './day-report.js';
import type { Attempt } from './attempt.js';
import { countableOf, type Countable, type CountableRefund } from './money-figures.js';

/** Where the money went back: never cash (Counterpay stays a card-only record). */
export const REFUND_PLACES = ['terminal', 'bank_app'] as const;
export type RefundPlace = (typeof REFUND_PLACES)[number];

/** A refund as journaled (`refund` record), counted on the day it was recorded. */
export interface Refund extends CountableRefund {
  refundId: string;
  /** The payment it refunds: its attempt, sale, key (how exports name it) and terminal. */
  attemptId: string;
  saleId: string;
  paymentKey: string;
  terminalId: string;
  registerId: string;
  currency: string;
  where: RefundPlace;
  reason: string;
  /** When it was recorded, and by whom (the journal envelope's at and by: the staff member, or a name typed before staff). */
  at: number;
  by: string | StaffRef;
}

/** Why a refund is refused, so each language words it with its next step. */
export type RefundRefusal = 'zero_amount' | 'not_paid' | 'over_refund';

/** What is left to refund of a paid row, given the refunds already recorded against it. */
export function remainingMinor(row: Pick<ReportRow, 'status' | 'authorizedMinor'>, alreadyRefundedMinor: number): number {
  return row.status === 'authorized' ? Math.max(0, (row.authorizedMinor ?? 0) - alreadyRefundedMinor) : 0;
}

/** Null when the refund may be recorded; otherwise why not. Checked before anything is written. */
export function refundRefusal(row: Pick<ReportRow, 'status' | 'authorizedMinor'>, alreadyRefundedMinor: number, amountMinor: number): RefundRefusal | null {
  if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0) return 'zero_amount';
  if (row.status !== 'authorized') return 'not_paid';
  if (amountMinor > remainingMinor(row, alreadyRefundedMinor)) return 'over_refund';
  return null;
}

/** Refunded money per payment. */
export function refundedByAttempt(refunds: readonly Pick<Refund, 'attemptId' | 'amountMinor'>[]): Map<string, number> {
  const by = new Map<string, number>();
  for (const r of refunds) by.set(r.attemptId, (by.get(r.attemptId) ?? 0) + r.amountMinor);
  return by;
}

/** What the terminal showed for a payment nobody could confirm. */
export const SETTLEMENT_OUTCOMES = ['paid', 'not_paid'] as const;
export type SettlementOutcome = (typeof SETTLEMENT_OUTCOMES)[number];

/** A hand settlement as journaled (`settlement` record): it changes its payment's row, never adds one. */
export interface Settlement {
  attemptId: string;
  outcome: SettlementOutcome;
  /** From the terminal's slip, when printed. */
  cardLast4: string | null;
  authorizationCode: string | null;
  at: number;
  by: string | StaffRef;
}

export type SettlementRefusal = 'has_outcome' | 'still_watched' | 'already_settled';

/** Only a payment without outcome, once the late watch is over, and only once. */
export function settlementRefusal(row: Pick<ReportRow, 'status' | 'createdAt' | 'settledByHand'>, now: number, policy: EnginePolicy = DEFAULT_POLICY): SettlementRefusal | null {
  if (row.settledByHand) return 'already_settled';
  if (row.status === 'open') return 'still_watched';
  if (row.status !== 'no_answer') return 'has_outcome';
  return lateWatchDelay(policy, wallAge(row, now)) === null ? null : 'still_watched';
}

/** The row as the settlement makes it: paid for the sale's amount (no tip is known), or refused. */
export function settledRow(row: ReportRow, s: Settlement): ReportRow {
  const paid = s.outcome === 'paid';
  return {
    ...row,
    status: paid ? 'authorized' : 'refused',
    authorizedMinor: paid ? row.amountMinor : null,
    tipMinor: 0,
    cardLast4: paid ? s.cardLast4 ?? row.cardLast4 : row.cardLast4,
    settledByHand: true,
    // A settlement after its day's closing shows as a change to account for, like any later change.
    updatedAt: Math.max(row.updatedAt, s.at),
    settlement: { outcome: s.outcome, cardLast4: s.cardLast4, authorizationCode: s.authorizationCode, at: s.at, by: s.by },
  };
}

/** An attempt's share of the figures once settled by hand (the counter's Today counts with this). */
export function settledCountable(a: Attempt, s: Settlement): Countable {
  const paid = s.outcome === 'paid';
  return { ...countableOf(a), status: paid ? 'authorized' : 'refused', authorizedMinor: paid ? a.amountMinor : null, tipMinor: 0, settledByHand: true };
}

/** Every row with its settlement applied (the last one of a payment wins; the writer allows one) and its refunds named. */
export function foldRecords(rows: readonly ReportRow[], settlements: readonly Settlement[], refunds: readonly Refund[]): ReportRow[] {
  const settled = new Map(settlements.map((s) => [s.attemptId, s]));
  const refunded = refundedByAttempt(refunds);
  const listed = new Map<string, NonNullable<ReportRow['refunds']>>();
  for (const x of refunds) listed.set(x.attemptId, [...(listed.get(x.attemptId) ?? []), { refundId: x.refundId, amountMinor: x.amountMinor, at: x.at }]);
  return rows.map((row) => {
    const s = settled.get(row.attemptId);
    const r = s ? settledRow(row, s) : row;
    const minor = refunded.get(row.attemptId) ?? 0;
    return minor ? { ...r, refundedMinor: minor, refunds: listed.get(row.attemptId) ?? [] } : r;
  });
}
