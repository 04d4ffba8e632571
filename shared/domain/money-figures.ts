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

/** sign -1 takes a row back out (a running tally replacing what an attempt added before). */
export function addToBucket(bucket: Bucket, row: Countable, sign: 1 | -1 = 1): void {
  bucket.count += sign;
  bucket.authorizedMinor += sign * (row.authorizedMinor ?? 0);
  bucket.tipMinor += sign * row.tipMinor;
}

export function emptyFigures(): MoneyFigures {
  return {
    authorized: emptyBucket(), refundedMinor: 0, netMinor: 0, openDuplicates: { count: 0, authorizedMinor: 0 },
    refused: 0, rejected: 0, noAnswer: 0, open: 0, abandoned: 0, settledByHand: 0,
  };
}

/** Adds one attempt to the figures, or with sign -1 takes it back out (net takings follow). */
export function countInto(f: MoneyFigures, row: Countable, sign: 1 | -1 = 1): void {
  switch (row.status) {
    case 'authorized':
      addToBucket(f.authorized, row, sign);
      if (row.openDuplicate) {
        f.openDuplicates.count += sign;
        f.openDuplicates.authorizedMinor += sign * (row.authorizedMinor ?? 0);
      }
      break;
    case 'refused': f.refused += sign; break;
    case 'rejected': f.rejected += sign; break;
    case 'no_answer': f.noAnswer += sign; break;
    case 'open': f.open += sign; break;
  }
  if (row.abandoned && row.status !== 'authorized') f.abandoned += sign;
  if (row.settledByHand) f.settledByHand += sign;
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

/**
 * The register's cumulative grand total since its first sale: the figures of every closed day,
 * summed closing after closing (a day counts once, as its Z report printed it).
 */
export interface GrandTotal {
  /** Authorized, tips included. */
  grossMinor: number;
  refundedMinor: number;
  /** gross − refunded. */
  netMinor: number;
}

/** A figure a closing written before it existed lacks: nothing of it happened then. */
const orZero = (v: number | undefined): number => v ?? 0;

export const emptyGrandTotal = (): GrandTotal => ({ grossMinor: 0, refundedMinor: 0, netMinor: 0 });

/** The grand total once one more period's figures are added. */
export function addToGrandTotal(g: GrandTotal, f: Pick<MoneyFigures, 'authorized' | 'refundedMinor'>): GrandTotal {
  const grossMinor = g.grossMinor + f.authorized.authorizedMinor;
  const refundedMinor = g.refundedMinor + orZero(f.refundedMinor as number | undefined);
  return { grossMinor, refundedMinor, netMinor: grossMinor - refundedMinor };
}

/** The figures of several periods as one (a month of day closings, a year of months): each count and sum added. */
export function sumFigures(list: Iterable<MoneyFigures>): MoneyFigures {
  const f = emptyFigures();
  for (const x of list) {
    for (const k of ['count', 'authorizedMinor', 'tipMinor'] as const) f.authorized[k] += x.authorized[k];
    f.openDuplicates.count += x.openDuplicates.count;
    f.openDuplicates.authorizedMinor += x.openDuplicates.authorizedMinor;
    for (const k of ['refundedMinor', 'refused', 'rejected', 'noAnswer', 'open', 'abandoned', 'settledByHand'] as const) f[k] += orZero(x[k] as number | undefined);
  }
  f.netMinor = f.authorized.authorizedMinor - f.refundedMinor;
  return f;
}

/** Only the money figures of a wider record (a day's ReportTotals): what a month or year closing keeps of each day. */
export function figuresOf(x: MoneyFigures): MoneyFigures {
  return sumFigures([x]);
}
