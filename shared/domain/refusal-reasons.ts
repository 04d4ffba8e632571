/**
 * Why a terminal refused a payment. The provider does not publish its
 * `failure_reason` values (only that a refusal carries one), so this is the
 * realistic set the training bank produces and the app words for people.
 * A reason outside this list can still arrive from the real bank: it must be
 * shown as a generic refusal, never dropped.
 */
export const REFUSAL_REASONS = [
  'insufficient_funds',
  'card_declined',
  'expired_card',
  'incorrect_pin',
  'pin_tries_exceeded',
  'card_blocked',
  'card_not_supported',
  'amount_limit_exceeded',
  'cancelled_by_customer',
  'issuer_unavailable',
  /** The terminal was still handling another payment when this one arrived. */
  'terminal_busy',
] as const;

export type RefusalReason = (typeof REFUSAL_REASONS)[number];

export function isKnownRefusalReason(value: string): value is RefusalReason {
  return (REFUSAL_REASONS as readonly string[]).includes(value);
}
