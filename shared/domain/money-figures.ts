/**
 * The one definition of every money figure Counterpay shows or exports: the counter's Today,
 * the journal screen, the whole store's view, the Z report and every export count with this
 * module and nothing else, so a cash-up reconciles wherever it is read. docs/money.md says the
 * same in words; change both together.
 */
import { isOpenDuplicate, paidMinor, type Attempt } from './attempt.js';

/** A manager's word for where an attempt ended. */
export type ReportStatus = 'authorized' | 'refused' | 'rejected' | 'no_answer' | 'open';

export function statusOf(a: Pick<Attempt, 'state'>): ReportStatus {
  switch (a.state) {
    case 'authorized':
    case 'refused':
    case 'rejected':
      return a.state;
    case 'timed_out':
      return 'no_answer';
    default:
      return 'open';
  }
}

/** What a payment attempt contributes to the figures (a journal row carries these fields). */
export interface Countable {
  status: ReportStatus;
  /** Money the bank authorized, tip included; null unless authorized. */
  authorizedMinor: number | null;
  tipMinor: number;
  /** An authorized possible duplicate no manager has answered yet. */
  openDuplicate: boolean;
  abandoned: boolean;
  /** Its outcome was recorded by a manager from the terminal's slip (none can be yet). */
  settledByHand?: boolean;
}

/** A refund counted on the day it was recorded (none can be recorded yet: the list is empty). */
export interface CountableRefund {
  amountMinor: number;
}

export function countableOf(a: Attempt): Countable {
  const authorized = a.state === 'authorized';
  return {
    status: statusOf(a),
    authorizedMinor: authorized ? paidMinor(a) : null,
    tipMinor: authorized ? a.tipMinor ?? 0 : 0,
    openDuplicate: isOpenDuplicate(a),
    abandoned: a.abandoned,
  };
}

/** Authorized payments and their money. */
export interface Bucket {
  count: number;
  /** Authorized money, tips included. */
  authorizedMinor: number;
  /** The tip part of authorizedMinor. */
  tipMinor: number;
}

export interface MoneyFigures {
  /** Authorized by the bank: every payment it accepted, tips and open possible duplicates included. */
  authorized: Bucket;
  /** Given back to customers (refunds recorded in the period). */
  refundedMinor: number;
  /** Net takings: authorized − refunded. What the shop keeps. */
  netMinor: number;
  /** Possible duplicates no manager has answered: INSIDE authorized, money that may need a refund. */
  openDuplicates: { count: number; authorizedMinor: number };
  /** The terminal or the issuer declined. */
  refused: number;
  /** The bank rejected the request itself (bad amount, unknown terminal…): no money moved. */
  rejected: number;
  /** The deadline passed without an outcome: unknown until someone looks at the terminal. */
  noAnswer: number;
  /** Still in the engine's hands. */
  open: number;
  /** Walked away from by the cashier and never paid. */
  abandoned: number;
  /** Outcomes a manager recorded by hand from the terminal. */
  settledByHand: number;
}

export const emptyBucket = (): Bucket => ({ count: 0, authorizedMinor: 0, tipMinor: 0 });

export function addToBucket(bucket: Bucket, row: Countable): void {
  bucket.count += 1;
  bucket.authorizedMinor += row.authorizedMinor ?? 0;
  bucket.tipMinor += row.tipMinor;
}

export function emptyFigures(): MoneyFigures {
  return {
    authorized: emptyBucket(), refundedMinor: 0, netMinor: 0, openDuplicates: { count: 0, authorizedMinor: 0 },
    refused: 0, rejected: 0, noAnswer: 0, open: 0, abandoned: 0, settledByHand: 0,
  };
}

/** Adds one attempt to the figures (net takings follow). */
export function countInto(f: MoneyFigures, row: Countable): void {
  switch (row.status) {
    case 'authorized':
      addToBucket(f.authorized, row);
      if (row.openDuplicate) {
        f.openDuplicates.count += 1;
        f.openDuplicates.authorizedMinor += row.authorizedMinor ?? 0;
      }
      break;
    case 'refused': f.refused += 1; break;
    case 'rejected': f.rejected += 1; break;
    case 'no_answer': f.noAnswer += 1; break;
    case 'open': f.open += 1; break;
  }
  if (row.abandoned && row.status !== 'authorized') f.abandoned += 1;
  if (row.settledByHand) f.settledByHand += 1;
  f.netMinor = f.authorized.authorizedMinor - f.refundedMinor;
}

/** The figures of a set of attempts (one day, a range, a register or the whole store) and the refunds of the same period. */
export function moneyFigures(rows: Iterable<Countable>, refunds: readonly CountableRefund[] = []): MoneyFigures {
  const f = emptyFigures();
  f.refundedMinor = refunds.reduce((sum, r) => sum + r.amountMinor, 0);
  for (const row of rows) countInto(f, row);
  f.netMinor = f.authorized.authorizedMinor - f.refundedMinor;
  return f;
}

/** Refused on the screens and reports: declined by the terminal or rejected by the bank, both "no money". */
export const refusedCount = (f: Pick<MoneyFigures, 'refused' | 'rejected'>): number => f.refused + f.rejected;
