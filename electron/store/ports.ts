/**
 * The two ports the payment engine offers the store, no-ops when no store is configured: a
 * gate asked before a new attempt is journaled for sending, and the committed journal records
 * with their sequence numbers. Same shapes as the engine's own declaration, so the store layer
 * is written and tested against them alone.
 */
import type { Attempt } from '../../shared/domain/attempt.js';
import type { Currency } from '../../shared/money.js';

export interface SendGateRequest {
  attemptId: string;
  saleId: string;
  registerId: string;
  terminalId: string;
  amountMinor: number;
  currency: Currency;
  why: 'charge' | 'retry' | 'ask_bank';
}

export type SendGateRefusalCode = 'terminal_busy' | 'store_unavailable' | 'not_allowed';

export type SendGateAnswer = { ok: true } | { ok: false; code: SendGateRefusalCode; message: string };

export type SendGate = (req: SendGateRequest) => Promise<SendGateAnswer>;

/** One committed journal record with this register's sequence number (strictly increasing, never reused). */
export interface CommittedRecord {
  seq: number;
  kind: string;
  at: number;
  attempts: Attempt[];
}
