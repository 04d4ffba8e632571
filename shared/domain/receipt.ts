/**
 * The customer's receipt for one paid payment: what it says, independent of the
 * language it is printed or mailed in. The main process builds it (it knows the
 * number, the shop and the settings); the renderer and the mail both word it
 * through receipt-lines.ts, so paper, screen and e-mail never disagree.
 */
import type { Attempt } from './attempt.js';
import { paidMinor } from './attempt.js';
import type { Currency } from '../money.js';
import type { Language } from '../i18n/languages.js';
import type { RefundPlace } from './refunds.js';
import { nameOf } from './record-by.js';

/** The paper the receipt is laid out for: the two thermal roll widths shops use, and A4. */
export const RECEIPT_PAPERS = ['58mm', '80mm', 'a4'] as const;
export type ReceiptPaper = (typeof RECEIPT_PAPERS)[number];
/** Printable width of each paper, in millimetres (rolls print edge to edge; A4 keeps its page). */
export const PAPER_WIDTH_MM: Record<ReceiptPaper, number> = { '58mm': 58, '80mm': 80, a4: 210 };

export interface ReceiptShop {
  /** The organization's name, else its legal name. */
  name: string;
  /** The organization's legal address, as the bank holds it; null when it has none. */
  address: string | null;
  /** The manager's line at the bottom (thanks, opening hours…); null for none. */
  footer: string | null;
}

export interface Receipt {
  attemptId: string;
  /** As printed: "000042", or in store mode "Caisse 1-000042" so two registers never print the same. */
  number: string;
  /** A reprint: the same number, marked "Duplicate". */
  duplicate: boolean;
  /** Training: no real money moved, and the receipt says so. */
  training: boolean;
  /** When the sale was charged (the attempt's creation): the same on every reprint. */
  paidAt: number;
  shop: ReceiptShop;
  register: string;
  /** Who took the sale (or recorded the refund) by name; the register's name when nobody was signed in. */
  cashier: string;
  askedMinor: number;
  tipMinor: number;
  paidMinor: number;
  currency: Currency;
  /** The bank's method code ("cartebancaire"); worded by receipt-lines.ts. */
  cardMethod: string | null;
  cardLast4: string | null;
  orderReference: string | null;
  note: string | null;
  terminal: string;
  /** A refund's receipt: what went back and the sale's receipt it points at; absent on a sale's receipt. */
  refund?: ReceiptRefund;
}

/** On a refund's receipt, `paidAt` is when the refund was recorded; the sale's own date is here. */
export interface ReceiptRefund {
  refundId: string;
  refundedMinor: number;
  where: RefundPlace;
  /** Printed only when the shop chose to print reasons (Settings); null otherwise. */
  reason: string | null;
  /** The sale's receipt number, as printed. */
  originalNumber: string;
  originalPaidAt: number;
}

/** What the counter shows: the receipt, the paper it prints on, and whether e-mail can be sent. */
export interface ReceiptView {
  receipt: Receipt;
  paper: ReceiptPaper;
  /** The screen's language picks the customer's language unless the cashier chooses another. */
  suggestedLanguage: Language | null;
  /** A mail server is set for this environment. */
  mailReady: boolean;
  /** The latest e-mail of this receipt, if one was asked for. */
  mail: ReceiptMailStatus | null;
}

export type ReceiptMailState = 'queued' | 'sent' | 'failed';
/** What went wrong on the last try, one cause per plain-words message. */
export const MAIL_PROBLEMS = ['not_answering', 'login_refused', 'tls_required', 'recipient_refused', 'rejected', 'not_set'] as const;
export type MailProblem = (typeof MAIL_PROBLEMS)[number];

export interface ReceiptMailStatus {
  receiptNumber: string;
  /** queued: waiting or being retried; sent: the server accepted it; failed: it never will (recipient refused). */
  state: ReceiptMailState;
  tries: number;
  problem: MailProblem | null;
  /** When it will be tried again (queued after a failure). */
  nextTryAt: number | null;
  sentAt: number | null;
}

const NUMBER_DIGITS = 6;

export function formatReceiptNumber(n: number, prefix: string | null): string {
  const digits = String(n).padStart(NUMBER_DIGITS, '0');
  return prefix ? `${prefix}-${digits}` : digits;
}

const textOf = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

export interface ReceiptFacts {
  number: string;
  duplicate: boolean;
  training: boolean;
  shop: ReceiptShop;
  register: string;
  terminal: string;
}

/** The receipt of an authorized attempt; null for any other (no money moved, nothing to hand over). */
export function buildReceipt(a: Attempt, facts: ReceiptFacts): Receipt | null {
  return a.state === 'authorized' ? saleFacts(a, facts) : null;
}

/** What a sale's receipt says of its attempt, whatever its state (a refund's receipt reads its sale through this too). */
export function saleFacts(a: Attempt, facts: ReceiptFacts): Receipt {
  const paid = paidMinor(a);
  const tip = a.tipMinor ?? Math.max(0, paid - a.amountMinor);
  return {
    attemptId: a.id,
    number: facts.number,
    duplicate: facts.duplicate,
    training: facts.training,
    paidAt: a.createdAt,
    shop: facts.shop,
    register: facts.register,
    cashier: nameOf(a.cashier) || facts.register,
    askedMinor: a.amountMinor,
    tipMinor: tip,
    paidMinor: paid,
    currency: a.currency,
    cardMethod: a.paymentMethod,
    cardLast4: a.cardSummary,
    orderReference: textOf(a.metadata.order_reference),
    note: textOf(a.metadata.note),
    terminal: facts.terminal,
  };
}

/** An address the mail server can be asked to deliver to: one local part, one domain with a dot, no spaces. */
export function isEmailAddress(s: string): boolean {
  if (s.length > 254) return false;
  return /^[^\s@<>(),;:"[\]\\]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}[A-Za-z0-9])?)+$/.test(s);
}

/** How receipts are printed and mailed at this register, as a manager sets them. */
export interface ReceiptSettings {
  paper: ReceiptPaper;
  /** The system printer's name; null prints through the system's print dialog. */
  printer: string | null;
  /** Print by itself after each paid sale. */
  autoPrint: boolean;
  /** The manager's line at the bottom of every receipt. */
  footer: string | null;
  /** The sender of receipt e-mails; null uses the mail server's user. */
  mailFrom: string | null;
  /** Print the manager's reason on refund receipts (off: a reason is often written for the shop, not the customer). */
  refundReason: boolean;
}

export const DEFAULT_RECEIPT_SETTINGS: ReceiptSettings = { paper: '80mm', printer: null, autoPrint: false, footer: null, mailFrom: null, refundReason: false };

/** The mail server as Settings show it: never the password. */
export interface MailServerView {
  /** Where it was set: in Settings, or for this computer when Counterpay started (then read-only). */
  source: 'none' | 'settings' | 'environment';
  target: { host: string; port: number; user: string; tls: boolean } | null;
}

export interface ReceiptSettingsView extends ReceiptSettings {
  mail: MailServerView;
}
