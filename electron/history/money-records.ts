/**
 * The manager's money records on a past payment: a refund made on the terminal or in the bank's
 * app, and the hand settlement of a payment nobody could confirm. Each is checked against the
 * payment as the journal holds it (its last snapshot, its settlement and every refund recorded
 * since) and refused with the reason before anything is written; then it goes into the
 * register's one chain through the engine's writer. One at a time, so two refunds typed at once
 * can never together exceed what was paid.
 */
import { randomUUID } from 'node:crypto';
import type { RecordBy } from '../payments/journal-envelope.js';
import type { ReportRow } from '../../shared/domain/day-report.js';
import { refundRefusal, remainingMinor, settlementRefusal, type Refund, type RefundPlace, type RefundRefusal, type Settlement, type SettlementOutcome, type SettlementRefusal } from '../../shared/domain/refunds.js';
import { refundOf, settlementOf, type RefundBody, type SettlementBody } from '../payments/money-bodies.js';
import type { DayService, RecordWriter } from './day-service.js';

export interface RefundInput {
  attemptId: string;
  /** The payment's local day: where its records start. */
  day: string;
  amountMinor: number;
  where: RefundPlace;
  reason: string;
  by: RecordBy;
}

export interface SettlementInput {
  attemptId: string;
  day: string;
  outcome: SettlementOutcome;
  cardLast4: string | null;
  authorizationCode: string | null;
  by: RecordBy;
}

/** Refused before anything was written: which rule, and for an over-refund what is left. */
export class MoneyRecordRefused extends Error {
  constructor(readonly why: RefundRefusal | SettlementRefusal | 'not_found', readonly params: Record<string, string | number> = {}) {
    super(`refused: ${why}`);
    this.name = 'MoneyRecordRefused';
  }
}

export class MoneyRecords {
  private lock: Promise<unknown> = Promise.resolve();

  constructor(private readonly o: { days: Pick<DayService, 'history'>; records: RecordWriter; registerId: string; now: () => number; newId?: () => string }) {}

  /** `accepted` runs once the refund passed its checks, before it is written (a duplicate's answer goes first). */
  recordRefund(input: RefundInput, accepted: () => Promise<unknown> = async () => undefined): Promise<Refund> {
    return this.alone(async () => {
      const row = await this.row(input.attemptId, input.day);
      const already = row.refundedMinor ?? 0;
      const why = refundRefusal(row, already, input.amountMinor);
      if (why) throw new MoneyRecordRefused(why, { amountMinor: remainingMinor(row, already), currency: row.currency });
      await accepted();
      const body: RefundBody = {
        refundId: (this.o.newId ?? randomUUID)(), attemptId: row.attemptId, saleId: row.saleId, paymentKey: row.idempotencyKey, terminalId: row.terminalId, registerId: this.o.registerId,
        amountMinor: input.amountMinor, currency: row.currency, where: input.where, reason: input.reason,
      };
      const written = refundOf(await this.o.records.appendRecord('refund', body, input.by));
      if (!written) throw new Error('the journal did not read the refund back');
      return written;
    });
  }

  settle(input: SettlementInput): Promise<Settlement> {
    return this.alone(async () => {
      const row = await this.row(input.attemptId, input.day);
      const why = settlementRefusal(row, this.o.now());
      if (why) throw new MoneyRecordRefused(why);
      const body: SettlementBody = { attemptId: row.attemptId, outcome: input.outcome, cardLast4: input.cardLast4, authorizationCode: input.authorizationCode };
      const written = settlementOf(await this.o.records.appendRecord('settlement', body, input.by));
      if (!written) throw new Error('the journal did not read the settlement back');
      return written;
    });
  }

  /** The payment as every record since its day makes it (a register's own journal). */
  private async row(attemptId: string, day: string): Promise<ReportRow> {
    const view = await this.o.days.history({ from: day, to: day });
    const row = view.rows.find((r) => r.attemptId === attemptId);
    if (!row) throw new MoneyRecordRefused('not_found');
    return row;
  }

  private alone<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.lock.then(fn);
    this.lock = run.catch(() => undefined);
    return run;
  }
}
