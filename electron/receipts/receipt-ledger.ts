/**
 * Receipt numbers, per register and without gaps, given durably the first time a
 * payment's receipt is made, so a reprint finds the same number. A refund's receipt takes the
 * next number of the same series and points at its sale's number (given first if the sale had
 * none). They are records of the journal's one chain (kinds `receipt`, `receipt_refund` and
 * `receipt_emailed`, written through the
 * payment engine like closings), so they take the register's sequence, ship to the
 * store with every other record and are vouched for by the chain's check. At start-up the
 * ledger reads only what came after its checkpoint (receipt-checkpoint.ts); an older sale's
 * number is read from the days that may hold it when that sale's receipt is asked for. It never holds the customer's address:
 * only which receipt was e-mailed, and when.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Clock } from '../../shared/clock.js';
import { localDay } from '../../shared/domain/calendar-day.js';
import { SerialQueue } from '../fs/serial-queue.js';
import type { Logger } from '../log.js';
import { bodyOf, type JournalEntry } from '../payments/journal-records.js';
import { LEGACY_RECEIPTS_FILE, migrateLegacyReceipts } from './legacy-receipt-file.js';
import { checkpointAt, readCheckpoint, writeCheckpoint } from './receipt-checkpoint.js';
import { dayOfFile, scanReceipts, type JournalPoint } from './receipt-scan.js';
import type { RecordBy } from '../payments/journal-envelope.js';

export interface LedgerEntry {
  paymentKey: string;
  number: number;
  /** When the receipt was first made. */
  issuedAt: number;
  /** When it was last accepted by the mail server; null if never e-mailed. */
  emailedAt: number | null;
}

export interface Assigned extends LedgerEntry {
  /** True the first time: the receipt is the original; every later one is a duplicate. */
  isNew: boolean;
}

/** A refund's receipt: `paymentKey` is its sale's, `originalNumber` the sale's receipt number. */
export interface RefundLedgerEntry extends LedgerEntry {
  refundId: string;
  originalNumber: number;
}

export interface AssignedRefund extends RefundLedgerEntry {
  isNew: boolean;
}

export interface ReceiptLedger {
  /**
   * The payment's number: a new one (the next without a gap), durably written before it is returned, or the one it already has.
   * `since`: when the payment was made, so only the days from then on are searched for its number; absent, every day.
   */
  assign(paymentKey: string, since?: number): Promise<Assigned>;
  lookup(paymentKey: string): LedgerEntry | null;
  /** The refund's number (the next of the same series), its sale's number given first when it had none. */
  assignRefund(refundId: string, paymentKey: string, since?: number): Promise<AssignedRefund>;
  lookupRefund(refundId: string): RefundLedgerEntry | null;
  markEmailed(number: number, at: number): Promise<void>;
}

/** The register's one journal writer (the payment engine's): a receipt takes the next number of the one chain. */
export interface ReceiptRecordWriter {
  appendRecord(kind: string, body: unknown, by: RecordBy): Promise<JournalEntry>;
}

/** Who the envelope names: the app itself writes receipts and their e-mail marks; no person is named yet. */
const BY_APP = 'counterpay';
/** A receipt is written after its sale, in that day's file or a later one; a day before it covers a clock or time zone set back. */
const SEARCH_MARGIN_MS = 24 * 3600_000;

/** What start-up read: how many day files, how many receipt records, and from which checkpoint (null: from the first day file). */
export interface StartupRead {
  files: number;
  records: number;
  since: string | null;
}

export interface JournalReceiptLedgerOptions {
  journalDir: string;
  /** The environment's data folder, where an older Counterpay kept `receipts.jsonl`. */
  dataDir: string;
  records: ReceiptRecordWriter;
  clock: Clock;
  logger: Logger;
}

export class JournalReceiptLedger implements ReceiptLedger {
  private readonly byKey = new Map<string, LedgerEntry>();
  private readonly byRefund = new Map<string, RefundLedgerEntry>();
  private readonly byNumber = new Map<number, LedgerEntry>();
  /** E-mail marks read before the receipt they mark (it lies before the checkpoint, not read yet). */
  private readonly emailedEarly = new Map<number, number>();
  private readonly queue = new SerialQueue();
  private last = 0;
  /** The checkpoint start-up read from: numbers up to `last` exist before `point`; read from `loadedFrom`'s day on so far ('' all; null none). */
  private floor: { point: JournalPoint; last: number; loadedFrom: string | null } | null = null;
  startup: StartupRead = { files: 0, records: 0, since: null };

  private constructor(private readonly o: JournalReceiptLedgerOptions) {}

  static async open(o: JournalReceiptLedgerOptions): Promise<JournalReceiptLedger> {
    const ledger = new JournalReceiptLedger(o);
    // An older receipts.jsonl is checked against every number the journal holds: read them all once.
    const legacy = existsSync(join(o.dataDir, LEGACY_RECEIPTS_FILE));
    const checkpoint = legacy ? null : await readCheckpoint(o.dataDir, o.journalDir, o.logger);
    if (checkpoint) {
      ledger.floor = { point: checkpoint, last: checkpoint.last, loadedFrom: null };
      ledger.last = checkpoint.last;
    }
    const read = await scanReceipts(o.journalDir, checkpoint, null);
    for (const entry of read.entries) ledger.apply(entry);
    ledger.startup = { files: read.files, records: read.entries.length, since: checkpoint?.file ?? null };
    o.logger.info('receipt numbers read', { ...ledger.startup, last: ledger.last });
    ledger.reportGaps();
    const last = ledger.last;
    await migrateLegacyReceipts(o.dataDir, { known: (n) => ledger.byNumber.get(n), write: (kind, body) => ledger.write(kind, body) }, o.logger);
    // Only once everything before the point is read: a crash before this leaves the older checkpoint, read from again.
    // It stands on the record of the highest number; with no new number read, the older one still does.
    const next = await checkpointAt(o.journalDir, read.highest, last);
    if (next) await writeCheckpoint(o.dataDir, next, o.logger);
    return ledger;
  }

  /** In the queue only: the receipt records before the checkpoint from `since`'s day on, if not read yet. */
  private async readOlder(since: number | undefined): Promise<void> {
    const floor = this.floor;
    const day = since === undefined ? '' : localDay(since - SEARCH_MARGIN_MS);
    if (!floor || (floor.loadedFrom !== null && day >= floor.loadedFrom)) return;
    // Read already: from `loadedFrom` to the point (nothing when that day is after the point's).
    const until = floor.loadedFrom === null || floor.loadedFrom > dayOfFile(floor.point.file) ? floor.point : { file: `${floor.loadedFrom}.jsonl`, offset: 0 };
    const read = await scanReceipts(this.o.journalDir, day ? { day } : null, until);
    for (const entry of read.entries) this.apply(entry);
    floor.loadedFrom = day;
  }

  /** Applies one record as read or written; a number given twice keeps its first payment (the chain's check names any edit). */
  private apply(entry: JournalEntry): void {
    const receipt = bodyOf(entry, 'receipt');
    if (receipt && !this.byNumber.has(receipt.number) && !this.byKey.has(receipt.attemptId)) {
      const e: LedgerEntry = { paymentKey: receipt.attemptId, number: receipt.number, issuedAt: receipt.issuedAt, emailedAt: this.emailedEarly.get(receipt.number) ?? null };
      this.byKey.set(e.paymentKey, e);
      this.byNumber.set(e.number, e);
      this.last = Math.max(this.last, e.number);
    }
    const refund = bodyOf(entry, 'receipt_refund');
    if (refund && !this.byNumber.has(refund.number) && !this.byRefund.has(refund.refundId)) {
      const e: RefundLedgerEntry = { paymentKey: refund.attemptId, refundId: refund.refundId, number: refund.number, originalNumber: refund.originalNumber, issuedAt: refund.issuedAt, emailedAt: this.emailedEarly.get(refund.number) ?? null };
      this.byRefund.set(e.refundId, e);
      this.byNumber.set(e.number, e);
      this.last = Math.max(this.last, e.number);
    }
    const emailed = bodyOf(entry, 'receipt_emailed');
    const target = emailed ? this.byNumber.get(emailed.number) : undefined;
    // Read out of order across the checkpoint: the latest mark wins whichever is read first.
    if (emailed && target) target.emailedAt = Math.max(target.emailedAt ?? 0, emailed.emailedAt);
    else if (emailed) this.emailedEarly.set(emailed.number, Math.max(this.emailedEarly.get(emailed.number) ?? 0, emailed.emailedAt));
  }

  /**
   * A number missing below the highest can only be a record lost or edited away: the chain's
   * check reports it. Numbering goes on after the highest, so no number is ever given twice.
   */
  private reportGaps(): void {
    const missing: number[] = [];
    // Below the checkpoint the numbers were checked when it was written.
    for (let n = (this.floor?.last ?? 0) + 1; n <= this.last && missing.length < 10; n++) if (!this.byNumber.has(n)) missing.push(n);
    if (missing.length) this.o.logger.error('receipt numbers missing from the journal; numbering goes on after the highest', { missing: missing.join(','), last: this.last });
  }

  private async write(kind: 'receipt' | 'receipt_emailed' | 'receipt_refund', body: Record<string, unknown>): Promise<void> {
    this.apply(await this.o.records.appendRecord(kind, body, BY_APP));
  }

  assign(paymentKey: string, since?: number): Promise<Assigned> {
    return this.queue.run(async () => {
      if (!this.byKey.has(paymentKey)) await this.readOlder(since);
      const known = this.byKey.get(paymentKey);
      return known ? { ...known, isNew: false } : { ...(await this.issue(paymentKey)), isNew: true };
    });
  }

  /** In the queue only: the sale's next number, written before it is returned. */
  private async issue(paymentKey: string): Promise<LedgerEntry> {
    await this.write('receipt', { number: this.last + 1, attemptId: paymentKey, issuedAt: this.o.clock.now() });
    const made = this.byKey.get(paymentKey);
    if (!made) throw new Error(`receipt record for ${paymentKey} did not read back`);
    return made;
  }

  /**
   * A sale numbered here for its refund's sake has had no receipt of its own yet; opened later it is
   * still marked Duplicate: its number is already on paper, and two "originals" would be worse.
   */
  assignRefund(refundId: string, paymentKey: string, since?: number): Promise<AssignedRefund> {
    return this.queue.run(async () => {
      if (!this.byRefund.has(refundId) || !this.byKey.has(paymentKey)) await this.readOlder(since);
      const known = this.byRefund.get(refundId);
      if (known) {
        if (known.paymentKey !== paymentKey) throw new RangeError(`refund ${refundId} belongs to another payment`);
        return { ...known, isNew: false };
      }
      const original = this.byKey.get(paymentKey) ?? (await this.issue(paymentKey));
      await this.write('receipt_refund', { number: this.last + 1, refundId, attemptId: paymentKey, originalNumber: original.number, issuedAt: this.o.clock.now() });
      const made = this.byRefund.get(refundId);
      if (!made) throw new Error(`refund receipt record for ${refundId} did not read back`);
      return { ...made, isNew: true };
    });
  }

  lookup(paymentKey: string): LedgerEntry | null {
    const e = this.byKey.get(paymentKey);
    return e ? { ...e } : null;
  }

  lookupRefund(refundId: string): RefundLedgerEntry | null {
    const e = this.byRefund.get(refundId);
    return e ? { ...e } : null;
  }

  markEmailed(number: number, at: number): Promise<void> {
    return this.queue.run(async () => {
      // A number below the checkpoint exists even when its record was not read this time.
      if (!this.byNumber.has(number) && number > (this.floor?.last ?? 0)) throw new RangeError(`no receipt number ${number}`);
      await this.write('receipt_emailed', { number, emailedAt: at });
    });
  }
}
