/**
 * The receipt methods' requests (see requests.ts for why a schema is also the type):
 * which payment, the page height the screen measured, the customer's address and
 * language, and a manager's receipt settings.
 */
import * as v from 'valibot';
import { isDay } from '../domain/calendar-day.js';
import { isEmailAddress, RECEIPT_PAPERS } from '../domain/receipt.js';
import { LANGUAGES } from '../i18n/languages.js';
import { flag, oneOf, request, text, uuid, wholeNumber } from './schema-kit.js';

const day = text('day', 10, { ok: isDay, says: 'day must be written YYYY-MM-DD' });
/** The payment, and for an earlier day's payment in the journal the day it was made. */
export const receiptRef = request({ attemptId: uuid('attemptId'), day: v.optional(v.nullable(day)) });

/** A refund's receipt: the refund, and the day its sale was made (its journal is read from there on). */
export const refundReceiptRef = request({ refundId: uuid('refundId'), day });

/** Millimetres: a long receipt on a roll is one long page; anything beyond a few metres is not a receipt. */
export const printReceipt = request({ heightMm: wholeNumber('heightMm', 10, 5000) });

export const emailAddress = text('address', 254, { min: 1, ok: isEmailAddress, says: 'address must be a complete e-mail address such as name@example.com' });

export const emailReceipt = request({
  attemptId: uuid('attemptId'),
  day: v.optional(v.nullable(day)),
  address: v.pipe(v.string('address must be text'), v.trim(), emailAddress),
  language: oneOf('language', LANGUAGES),
});

export const emailRefundReceipt = request({
  refundId: uuid('refundId'),
  day,
  address: v.pipe(v.string('address must be text'), v.trim(), emailAddress),
  language: oneOf('language', LANGUAGES),
});

const optionalLine = (field: string, max: number) => v.nullable(v.pipe(text(field, max), v.trim()));

/** The shop's mail server as a manager types it; an empty password keeps the saved one (it is never shown back). */
export const mailServer = request({
  host: v.pipe(v.string('host must be text'), v.trim(), text('host', 253, { min: 1, ok: (s) => !/[\s/@:]/.test(s), says: 'host must be a server name such as mail.example.com' })),
  port: wholeNumber('port', 1, 65535),
  tls: flag('tls'),
  user: v.pipe(v.string('user must be text'), v.trim(), text('user', 254)),
  password: v.optional(text('password', 1000)),
});

/** mailServer: absent keeps the saved one, null removes it. */
export const receiptSettings = request({
  paper: oneOf('paper', RECEIPT_PAPERS),
  printer: optionalLine('printer', 200),
  autoPrint: flag('autoPrint'),
  footer: optionalLine('footer', 200),
  /** Absent keeps what is saved (forms made before refund receipts). */
  refundReason: v.optional(flag('refundReason')),
  mailFrom: v.nullable(v.pipe(v.string('mailFrom must be text'), v.trim(), text('mailFrom', 254, { ok: (s) => s === '' || isEmailAddress(s), says: 'mailFrom must be a complete e-mail address' }))),
  mailServer: v.optional(v.nullable(mailServer)),
});
