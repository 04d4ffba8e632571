/**
 * Whose receipt the dialog shows: a paid sale's or a refund's. One place picks the main process's
 * method for each, so the dialog and its e-mail form stay the same for both.
 */
import type { ReceiptMailStatus, ReceiptView } from '../../../shared/domain/receipt.js';
import type { Language } from '../../../shared/i18n/languages.js';
import type { IpcResult } from '../../../shared/ipc/types.js';
import { call } from '../bridge.js';

export type ReceiptTarget =
  | { kind: 'sale'; attemptId: string; /** An earlier day's payment: its day, so its journal is found. */ day: string | null }
  | { kind: 'refund'; refundId: string; /** The day its sale was made. */ day: string };

export const targetKey = (t: ReceiptTarget): string => (t.kind === 'sale' ? `sale:${t.attemptId}:${t.day ?? ''}` : `refund:${t.refundId}:${t.day}`);

export function openReceiptOf(t: ReceiptTarget): Promise<IpcResult<ReceiptView>> {
  return t.kind === 'sale' ? call('openReceipt', { attemptId: t.attemptId, day: t.day }) : call('openRefundReceipt', { refundId: t.refundId, day: t.day });
}

export function emailReceiptOf(t: ReceiptTarget, address: string, language: Language): Promise<IpcResult<ReceiptMailStatus>> {
  return t.kind === 'sale'
    ? call('emailReceipt', { attemptId: t.attemptId, day: t.day, address, language })
    : call('emailRefundReceipt', { refundId: t.refundId, day: t.day, address, language });
}

export function receiptMailStatusOf(t: ReceiptTarget): Promise<IpcResult<ReceiptMailStatus | null>> {
  return t.kind === 'sale' ? call('receiptMailStatus', { attemptId: t.attemptId, day: t.day }) : call('refundReceiptMailStatus', { refundId: t.refundId, day: t.day });
}
