/**
 * The manager's money requests: a refund recorded against a paid payment, and the hand
 * settlement of a payment nobody could confirm. The shape is checked here; the money rules
 * (zero, over-refund, unpaid, still watched) are the main process's, which knows the payment,
 * and each has its own words on the screen.
 */
import * as v from 'valibot';
import { REFUND_PLACES, SETTLEMENT_OUTCOMES } from '../domain/refunds.js';
import { oneOf, request, text, uuid, wholeNumber } from './schema-kit.js';
import { day, personName } from './requests.js';

/** Ten million euros in cents: far above any card payment, well inside a safe integer. */
const AMOUNT_MAX = 1_000_000_000;

const slipText = (field: string, shape: RegExp, says: string) => v.nullable(v.pipe(v.string(`${field} must be text`), v.trim(), text(field, 12, { ok: (s) => shape.test(s), says })));

export const refundRequest = request({
  attemptId: uuid('attemptId'),
  day: day('day'),
  // 0 passes the shape so the refusal says "enter an amount" in the screen's words, not a field error.
  amountMinor: wholeNumber('amountMinor', 0, AMOUNT_MAX),
  where: oneOf('where', REFUND_PLACES),
  reason: v.pipe(v.string('reason must be text'), v.trim(), text('reason', 500, { min: 1 })),
  /** Typed only while no staff manager is known: a manager's own PIN names them instead. */
  by: v.optional(personName('by')),
});

export const settleRequest = request({
  attemptId: uuid('attemptId'),
  day: day('day'),
  outcome: oneOf('outcome', SETTLEMENT_OUTCOMES),
  cardLast4: slipText('cardLast4', /^\d{4}$/, 'cardLast4 must be the last 4 digits of the card'),
  authorizationCode: slipText('authorizationCode', /^[A-Za-z0-9]{1,12}$/, 'authorizationCode must be letters and digits as printed on the slip'),
  by: v.optional(personName('by')),
});

export type RefundRequest = v.InferOutput<typeof refundRequest>;
export type SettleRequest = v.InferOutput<typeof settleRequest>;
