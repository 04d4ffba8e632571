/**
 * The two ports the payment engine offers the store (no-ops when no store is configured):
 * a gate asked before an attempt is journaled for sending, and the committed journal records
 * in sequence. The store layer is written against these shapes only.
 */
import type { Attempt } from '../../shared/domain/attempt.js';
import type { Currency } from '../../shared/money.js';

export type PreSendRefusal =
  | {
      kind: 'terminal_busy';
      terminalId: string;
      holderRegisterName: string;
      amountMinor: number;
      currency: Currency;
      secondsLeft: number;
    }
  /** The store cannot be asked: the cashier must first confirm the terminal shows no other payment. */
  | { kind: 'store_unreachable'; terminalId: string };

/** `leaseTaken: false` only when the cashier confirmed the terminal free with the store down: the journal keeps it. */
export type PreSendVerdict = { ok: true; leaseTaken: boolean } | { ok: false; refusal: PreSendRefusal };

export interface PreSendGate {
  beforeSend(attempt: Attempt, opts: { confirmedTerminalFree: boolean }): Promise<PreSendVerdict>;
}

/** One committed journal record with this register's sequence number (strictly increasing, never reused). */
export interface CommittedRecord {
  seq: number;
  kind: string;
  at: number;
  attempts: Attempt[];
}

export const OPEN_GATE: PreSendGate = { beforeSend: () => Promise.resolve({ ok: true, leaseTaken: false }) };
