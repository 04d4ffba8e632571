/**
 * Receipts for one environment's register: makes a paid payment's receipt, or a refund's (its
 * number from the ledger, a journal record, the first time, "Duplicate" after), hands it to the
 * printer the shell provides, and queues its e-mail. The IPC handlers are thin
 * over this; Electron and nodemailer stay behind the printer and the sender.
 */
import { join } from 'node:path';
import type { Clock } from '../../shared/clock.js';
import type { Attempt } from '../../shared/domain/attempt.js';
import { buildRefundReceipt } from '../../shared/domain/refund-receipt.js';
import type { Refund } from '../../shared/domain/refunds.js';
import {
  buildReceipt, formatReceiptNumber, type Receipt, type ReceiptMailStatus, type ReceiptPaper, type ReceiptSettings, type ReceiptSettingsView, type ReceiptView,
} from '../../shared/domain/receipt.js';
import type { Language } from '../../shared/i18n/languages.js';
import { receiptHtml, receiptLines, receiptText } from '../../shared/i18n/receipt-lines.js';
import { translator } from '../../shared/i18n/translate.js';
import type { Logger } from '../log.js';
import { MailQueue, MAIL_QUEUE_DIR } from './mail-queue.js';
import { JournalReceiptLedger, type LedgerEntry, type ReceiptLedger, type ReceiptRecordWriter } from './receipt-ledger.js';
import { ReceiptSettingsStore } from './receipt-settings.js';
import { mailServerView, type SmtpConfig } from './smtp-config.js';
import { smtpSender, type MailSender } from './smtp-sender.js';

/** What the shell's printer is asked: the paper, the page's height (rolls are as long as the receipt), which printer, and whether without the dialog. */
export interface PrintJob {
  paper: ReceiptPaper;
  heightMm: number;
  printer: string | null;
  silent: boolean;
}
export type ReceiptPrinter = (job: PrintJob) => Promise<void>;

export interface MailServer {
  config: SmtpConfig;
  source: 'settings' | 'environment';
}

export interface ReceiptServiceOptions {
  dataDir: string;
  /** The environment's journal folder and its one writer (the payment engine): receipt numbers are records of its chain. */
  journalDir: string;
  records: ReceiptRecordWriter;
  clock: Clock;
  logger: Logger;
  training: boolean;
  /** This register's own payment, or null (another register's, not paid, unknown). */
  attempt: (attemptId: string, day: string | null) => Promise<Attempt | null>;
  /** This register's refund and the sale it refunds (`saleDay`: that sale's day), or null. */
  refund: (refundId: string, saleDay: string) => Promise<{ refund: Refund; sale: Attempt } | null>;
  /** The register's name as people read it; in store mode it also prefixes the number. */
  register: () => { name: string; prefix: string | null };
  terminalName: (terminalId: string) => string;
  /** The organization's name and legal address, or null while it is not known. */
  shop: () => Promise<{ name: string; address: string | null } | null>;
  printer: ReceiptPrinter | null;
  mailServer: () => MailServer | null;
  /** Tests: another way to the server. */
  sender?: (config: SmtpConfig) => MailSender;
}

export class ReceiptNotAvailable extends Error {}

function unusableLedger(why: string): ReceiptLedger {
  const refuse = async (): Promise<never> => {
    throw new ReceiptNotAvailable(`receipt numbers unavailable: ${why}`);
  };
  return { assign: refuse, assignRefund: refuse, lookup: () => null, lookupRefund: () => null, markEmailed: refuse };
}
export class MailNotSet extends Error {}

export class ReceiptService {
  private constructor(
    private readonly o: ReceiptServiceOptions,
    readonly ledger: ReceiptLedger,
    private readonly settings: ReceiptSettingsStore,
    private readonly mail: MailQueue,
  ) {}

  static async open(o: ReceiptServiceOptions): Promise<ReceiptService> {
    // Numbers that cannot be read must not close the till: sales go on, receipts wait for support (a number could repeat).
    const ledger: ReceiptLedger = await JournalReceiptLedger.open({ journalDir: o.journalDir, dataDir: o.dataDir, records: o.records, clock: o.clock, logger: o.logger })
      .catch((e: unknown) => {
        const why = e instanceof Error ? e.message : String(e);
        o.logger.error('receipt numbers cannot be read; no receipt until support repairs them', { reason: why });
        return unusableLedger(why);
      });
    const settings = await ReceiptSettingsStore.open(o.dataDir, o.logger);
    const makeSender = o.sender ?? smtpSender;
    const mail = await MailQueue.open({
      dir: join(o.dataDir, MAIL_QUEUE_DIR), clock: o.clock, logger: o.logger,
      sender: () => {
        const server = o.mailServer();
        if (!server) return null;
        const from = settings.get().mailFrom ?? (server.config.user.includes('@') ? server.config.user : `receipts@${server.config.host}`);
        return { sender: makeSender(server.config), from };
      },
      onSent: (n, at) => ledger.markEmailed(n, at),
    });
    return new ReceiptService(o, ledger, settings, mail);
  }

  /** The receipt as made now: its number assigned the first time, marked Duplicate every time after. */
  async open(attemptId: string, day: string | null): Promise<ReceiptView> {
    const attempt = await this.o.attempt(attemptId, day);
    if (!attempt || attempt.state !== 'authorized') throw new ReceiptNotAvailable(`no paid payment ${attemptId} at this register`);
    const assigned = await this.ledger.assign(attempt.id, attempt.createdAt);
    const receipt = buildReceipt(attempt, await this.facts(assigned.number, !assigned.isNew, attempt.terminalId));
    if (!receipt) throw new ReceiptNotAvailable(`payment ${attemptId} is not paid`);
    return this.view(receipt, this.mailStatus(attempt.id, assigned.number));
  }

  /** A refund's receipt: the next number of the register's series, pointing at its sale's (given first if the sale had none). */
  async openRefund(refundId: string, saleDay: string): Promise<ReceiptView> {
    const found = await this.o.refund(refundId, saleDay);
    if (!found) throw new ReceiptNotAvailable(`no refund ${refundId} at this register`);
    const { refund, sale } = found;
    const assigned = await this.ledger.assignRefund(refund.refundId, sale.id, sale.createdAt);
    const { prefix } = this.o.register();
    const receipt = buildRefundReceipt(sale, refund, {
      ...(await this.facts(assigned.number, !assigned.isNew, refund.terminalId)),
      originalNumber: formatReceiptNumber(assigned.originalNumber, prefix),
      showReason: this.settings.get().refundReason,
    });
    return this.view(receipt, this.refundMailStatus(refundId, assigned.number));
  }

  private async facts(number: number, duplicate: boolean, terminalId: string) {
    const { name, prefix } = this.o.register();
    const shop = await this.o.shop().catch(() => null);
    return {
      number: formatReceiptNumber(number, prefix), duplicate, training: this.o.training,
      // An organization with neither a name nor a legal name gives '': the register's name then heads the receipt, never a blank line.
      shop: { name: shop?.name || name, address: shop?.address ?? null, footer: this.settings.get().footer },
      register: name, terminal: this.o.terminalName(terminalId),
    };
  }

  private view(receipt: Receipt, mail: ReceiptMailStatus | null): ReceiptView {
    return { receipt, paper: this.settings.get().paper, suggestedLanguage: null, mailReady: this.o.mailServer() !== null, mail };
  }

  mailStatus(attemptId: string, ledgerNumber?: number): ReceiptMailStatus | null {
    return this.mail.status(attemptId) ?? this.sentStatus(this.ledger.lookup(attemptId), ledgerNumber);
  }

  /** A refund's e-mails are queued under its refund id: a sale and its refunds each have their own. */
  refundMailStatus(refundId: string, ledgerNumber?: number): ReceiptMailStatus | null {
    return this.mail.status(refundId) ?? this.sentStatus(this.ledger.lookupRefund(refundId), ledgerNumber);
  }

  private sentStatus(entry: LedgerEntry | null, ledgerNumber?: number): ReceiptMailStatus | null {
    if (!entry?.emailedAt || (ledgerNumber !== undefined && entry.number !== ledgerNumber)) return null;
    const { prefix } = this.o.register();
    return { receiptNumber: formatReceiptNumber(entry.number, prefix), state: 'sent', tries: 1, problem: null, nextTryAt: null, sentAt: entry.emailedAt };
  }

  /** Prints the receipt the screen shows: on the named printer without a dialog, else through the system's dialog. */
  async print(heightMm: number): Promise<PrintJob> {
    if (!this.o.printer) throw new ReceiptNotAvailable('no printer on this computer');
    const { paper, printer } = this.settings.get();
    const job: PrintJob = { paper, heightMm, printer, silent: printer !== null };
    await this.o.printer(job);
    return job;
  }

  /** Queued on disk before it returns; it leaves in the background and is retried until the server takes it. */
  async email(attemptId: string, day: string | null, to: string, language: Language): Promise<ReceiptMailStatus> {
    this.mailServerOrThrow();
    const view = await this.open(attemptId, day);
    const entry = this.ledger.lookup(attemptId);
    if (!entry) throw new ReceiptNotAvailable(`no receipt for ${attemptId}`);
    return this.enqueue(attemptId, entry.number, view.receipt, to, language);
  }

  async emailRefund(refundId: string, saleDay: string, to: string, language: Language): Promise<ReceiptMailStatus> {
    this.mailServerOrThrow();
    const view = await this.openRefund(refundId, saleDay);
    const entry = this.ledger.lookupRefund(refundId);
    if (!entry) throw new ReceiptNotAvailable(`no receipt for refund ${refundId}`);
    return this.enqueue(refundId, entry.number, view.receipt, to, language);
  }

  private mailServerOrThrow(): MailServer {
    const server = this.o.mailServer();
    if (!server) throw new MailNotSet('no mail server is set');
    return server;
  }

  /** `key`: what the queue follows it by (the sale's attempt id, or the refund's id). */
  private enqueue(key: string, ledgerNumber: number, receipt: Receipt, to: string, language: Language): Promise<ReceiptMailStatus> {
    const server = this.mailServerOrThrow();
    const t = translator(language);
    const lines = receiptLines(receipt, language, t);
    const domain = server.config.host.includes('.') ? server.config.host : 'counterpay.invalid';
    const subject = receipt.refund ? 'receipt.mail.refundSubject' : 'receipt.mail.subject';
    return this.mail.enqueue({
      attemptId: key, ledgerNumber, to,
      receiptNumber: receipt.number,
      messageId: `<receipt-${receipt.number.replace(/[^A-Za-z0-9-]/g, '_')}.${this.o.clock.now().toString(36)}.${ledgerNumber}@${domain}>`,
      subject: t(subject, { number: receipt.number, shop: receipt.shop.name }),
      text: receiptText(lines),
      html: receiptHtml(lines, language),
    });
  }

  settingsView(): ReceiptSettingsView {
    const server = this.o.mailServer();
    return { ...this.settings.get(), mail: mailServerView(server?.config ?? null, server?.source ?? 'none') };
  }

  async saveSettings(next: ReceiptSettings): Promise<ReceiptSettingsView> {
    await this.settings.save(next);
    return this.settingsView();
  }

  printing(): { paper: ReceiptPaper; autoPrint: boolean } {
    const { paper, autoPrint } = this.settings.get();
    return { paper, autoPrint };
  }

  /** Tries what is due now (tests, and a manager who just fixed the server). */
  retryNow(): Promise<void> {
    return this.mail.runDue();
  }

  close(): void {
    this.mail.close();
  }
}
