/**
 * A range read from the journal, with the manager's money records folded in: each payment's
 * row as its hand settlement and refunds make it, and the refunds recorded in the range (a
 * refund counts on the day it was recorded). The journal screen, the Z report and the command
 * line's export read a register's days through this one function.
 */
import { toReportRow, type ReportRow } from '../../shared/domain/day-report.js';
import { foldRecords, type Refund, type Settlement } from '../../shared/domain/refunds.js';
import { refundOf, settlementOf } from '../payments/money-bodies.js';
import type { History } from './journal-history.js';

export function foldedHistory(h: Pick<History, 'attempts' | 'others'>, dayOf: (ms: number) => string, range: { from: string; to: string }): { rows: ReportRow[]; refunds: Refund[] } {
  const entries = h.others.map((o) => o.entry);
  const refunds = entries.map(refundOf).filter((r): r is Refund => r !== null);
  const settlements = entries.map(settlementOf).filter((x): x is Settlement => x !== null);
  const rows = foldRecords(h.attempts.map(toReportRow), settlements, refunds);
  return { rows, refunds: refunds.filter((r) => dayOf(r.at) >= range.from && dayOf(r.at) <= range.to) };
}
