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

/** Millimetres: a long receipt on a roll is one long page; anything beyond a few metres is not a receipt. */
export const printReceipt = request({ heightMm: wholeNumber('heightMm', 10, 5000) });

export const emailAddress = text('address', 254, { min: 1, ok: isEmailAddress, says: 'address must be a complete e-mail address such as name@example.com' });

export const emailReceipt = request({
  attemptId: uuid('attemptId'),
  day: v.optional(v.nullable(day)),
  address: v.pipe(v.string('address must be text'), v.trim(), emailAddress),
  language: oneOf('language', LANGUAGES),
});

const optionalLine = (field: string, max: number) => v.nullable(v.pipe(text(field, max), v.trim()));

/** smtpUrl: a new mail server (its password is kept encrypted and never shown back); absent keeps the saved one, empty removes it. */
export const receiptSettings = request({
  paper: oneOf('paper', RECEIPT_PAPERS),
  printer: optionalLine('printer', 200),
  autoPrint: flag('autoPrint'),
  footer: optionalLine('footer', 200),
  mailFrom: v.nullable(v.pipe(v.string('mailFrom must be text'), v.trim(), text('mailFrom', 254, { ok: (s) => s === '' || isEmailAddress(s), says: 'mailFrom must be a complete e-mail address' }))),
  smtpUrl: v.optional(text('smtpUrl', 1000)),
});
