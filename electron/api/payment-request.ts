/**
 * The body of POST /v2/terminals/{id}/payment, built from integer minor units.
 * The decimal string exists only here, at the HTTP edge (shared/money.ts).
 */
import { toApiAmount, type ApiAmount } from '../../shared/money.js';
import type { JsonObject } from '../../shared/json.js';
import { invalid, valid, type FieldIssue, type Validated } from '../../shared/result.js';
import { amountIssues, currencyIssues, metadataIssues } from '../../shared/validation/terminal-payment.js';
import type { PaymentPush } from './types.js';

export interface PaymentBody {
  amount: ApiAmount;
  metadata?: JsonObject;
}

export function buildPaymentBody(push: PaymentPush): Validated<PaymentBody> {
  const issues: FieldIssue[] = [...amountIssues(push.amountMinor), ...currencyIssues(push.currency)];
  if (push.metadata !== undefined) issues.push(...metadataIssues(push.metadata));
  if (issues.length) return invalid(issues);
  const amount = toApiAmount({ minor: push.amountMinor, currency: push.currency });
  return valid(push.metadata === undefined ? { amount } : { amount, metadata: push.metadata });
}

/** Empty or blank keys are refused: without a key a resend could charge the customer twice. */
export function idempotencyKeyIssues(key: unknown): FieldIssue[] {
  if (typeof key === 'string' && key.trim() !== '' && key.length <= 255) return [];
  return [{ pointer: '/idempotencyKey', code: 'missing', detail: 'A terminal payment needs a non-empty idempotency key (at most 255 characters).' }];
}
