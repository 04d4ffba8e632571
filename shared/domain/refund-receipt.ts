/**
 * The customer's receipt for a refund: a numbered receipt of its own (the register's one series,
 * docs/receipts.md says why) that names the sale's receipt it refunds, that sale's date and order
 * reference, the amount given back and where. Built from the sale's attempt and the `refund`
 * record, whatever the sale's state now reads: the refund was checked against it when written.
 */
import type { Attempt } from './attempt.js';
import { saleFacts, type Receipt, type ReceiptFacts } from './receipt.js';
import type { Refund } from './refunds.js';
import { nameOf } from './record-by.js';

export interface RefundReceiptFacts extends ReceiptFacts {
  /** The sale's receipt number as printed (given now if the sale had none). */
  originalNumber: string;
  /** The shop prints the manager's reason (Settings). */
  showReason: boolean;
}

export function buildRefundReceipt(sale: Attempt, refund: Refund, facts: RefundReceiptFacts): Receipt {
  return {
    ...saleFacts(sale, facts),
    // The person who gave the money back, not who took the sale: the customer asks them if anything is wrong.
    cashier: nameOf(refund.by) || facts.register,
    paidAt: refund.at,
    refund: {
      refundId: refund.refundId,
      refundedMinor: refund.amountMinor,
      where: refund.where,
      reason: facts.showReason && refund.reason.trim() ? refund.reason.trim() : null,
      originalNumber: facts.originalNumber,
      originalPaidAt: sale.createdAt,
    },
  };
}
