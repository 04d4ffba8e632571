/** The customer's receipt: made (numbered) on first opening, printed by the shell's printer, e-mailed through the queue; its settings for a manager. */
import type { Handlers } from '../../../shared/ipc/contract.js';
import { MailNotSet, ReceiptNotAvailable, type ReceiptService } from '../../receipts/receipt-service.js';
import { CoreError } from '../errors.js';
import { smtpUrlOf } from '../../receipts/smtp-config.js';

type ReceiptMethods =
  | 'openReceipt' | 'printReceipt' | 'emailReceipt' | 'receiptMailStatus' | 'receiptPrinting' | 'getReceiptSettings' | 'saveReceiptSettings'
  | 'openRefundReceipt' | 'emailRefundReceipt' | 'refundReceiptMailStatus';

/** Where a manager's mail server is kept (encrypted) and whether one was set at start, which Settings cannot change. */
export interface MailServerStore {
  setAtStart(): boolean;
  /** The password saved with the current server, kept when a manager leaves the field empty. */
  savedPassword(): string | null;
  save(url: string | null): Promise<void>;
}

async function inWords<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if (e instanceof ReceiptNotAvailable) throw new CoreError('not_found', e.message);
    if (e instanceof MailNotSet) throw new CoreError('conflict', e.message);
    throw e;
  }
}

export function receiptHandlers(receipts: ReceiptService, mailServer: MailServerStore): Pick<Handlers, ReceiptMethods> {
  return {
    openReceipt: ({ attemptId, day }) => inWords(() => receipts.open(attemptId, day ?? null)),
    printReceipt: ({ heightMm }) => inWords(async () => {
      const { paper, printer, silent } = await receipts.print(heightMm);
      return { paper, printer, silent };
    }),
    emailReceipt: ({ attemptId, day, address, language }) => inWords(() => receipts.email(attemptId, day ?? null, address, language)),
    receiptMailStatus: async ({ attemptId }) => receipts.mailStatus(attemptId),
    openRefundReceipt: ({ refundId, day }) => inWords(() => receipts.openRefund(refundId, day)),
    emailRefundReceipt: ({ refundId, day, address, language }) => inWords(() => receipts.emailRefund(refundId, day, address, language)),
    refundReceiptMailStatus: async ({ refundId }) => receipts.refundMailStatus(refundId),
    receiptPrinting: async () => receipts.printing(),
    getReceiptSettings: async () => receipts.settingsView(),
    saveReceiptSettings: async ({ mailServer: server, ...settings }) => {
      if (server !== undefined) {
        if (mailServer.setAtStart()) throw new CoreError('conflict', 'the mail server was set at start and cannot be changed in Settings');
        await mailServer.save(server === null ? null : smtpUrlOf({ ...server, password: server.password || (mailServer.savedPassword() ?? '') }));
      }
      return receipts.saveSettings({ ...settings, mailFrom: settings.mailFrom || null, refundReason: settings.refundReason ?? receipts.settingsView().refundReason });
    },
  };
}
