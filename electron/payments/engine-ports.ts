/**
 * The engine's two narrow doors for the store mode (PostgreSQL terminal leases and
 * journal shipping), both no-ops by default so a single register needs nothing:
 *
 * - SendGate: asked before a NEW attempt (a charge, a retry, a manager's "ask the bank")
 *   is journaled for sending. It may refuse with a typed reason (the terminal is busy at
 *   another register…); then nothing is journaled and nothing is sent. Automatic and
 *   cashier resends of an attempt already journaled do not ask again: the lease was
 *   taken for that attempt and its key.
 * - Committed records: every journal record once it is fsync'd, with its sequence number
 *   (+1 per record, continued across day files and restarts), so a shipper can resume
 *   after the last sequence the store acknowledged. Listeners run synchronously after the
 *   commit and must not throw (a throw is logged and ignored: the record is already on disk).
 */
import type { LeaseMark } from '../../shared/domain/attempt.js';
import type { Currency } from '../../shared/money.js';
import type { JournalRecord } from './journal-records.js';

export interface SendGateRequest {
  /** The attempt about to be journaled (its id is final; nothing is on disk yet). */
  attemptId: string;
  saleId: string;
  registerId: string;
  terminalId: string;
  amountMinor: number;
  currency: Currency;
  why: 'charge' | 'retry' | 'ask_bank';
}

export type SendGateRefusalCode = 'terminal_busy' | 'store_unavailable' | 'not_allowed';

export type SendGateAnswer =
  /** lease: whether the attempt holds its terminal's lease (journaled with it); absent for a register working alone. */
  | { ok: true; lease?: LeaseMark }
  | {
    ok: false; code: SendGateRefusalCode;
    /** Plain words for the logs and technical details. */ message: string;
    /** What the screen words the refusal with, in the cashier's language (terminal, register, amount, seconds). */
    params?: Record<string, string | number>;
  };

export type SendGate = (req: SendGateRequest) => Promise<SendGateAnswer>;

export type CommittedRecord = JournalRecord & { seq: number };
export type CommittedListener = (record: CommittedRecord) => void;
