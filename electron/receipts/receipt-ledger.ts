/**
 * Receipt numbers, per register and without gaps, given durably the first time a
 * payment's receipt is made, so a reprint finds the same number. They are records of
 * the journal's one chain (kinds `receipt` and `receipt_emailed`, written through the
 * payment engine like closings), so they take the register's sequence, ship to the
 * store with every other record and are vouched for by the chain's check. The ledger
 * is rebuilt from every day file at start-up. It never holds the customer's address:
 * only which receipt was e-mailed, and when.
 */
import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import type { Clock } from '../../shared/clock.js';
import { SerialQueue } from '../fs/serial-queue.js';
import type { Logger } from '../log.js';
import { bodyOf, decodeLine, type JournalEntry } from '../payments/journal-records.js';
import { migrateLegacyReceipts } from './legacy-receipt-file.js';
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

export interface ReceiptLedger {
  /** The payment's number: a new one (the next without a gap), durably written before it is returned, or the one it already has. */
  assign(paymentKey: string): Promise<Assigned>;
  lookup(paymentKey: string): LedgerEntry | null;
  markEmailed(number: number, at: number): Promise<void>;
}

/** The register's one journal writer (the payment engine's): a receipt takes the next number of the one chain. */
export interface ReceiptRecordWriter {
  appendRecord(kind: string, body: unknown, by: RecordBy): Promise<JournalEntry>;
}

/** Who the envelope names: the app itself writes receipts and their e-mail marks; no person is named yet. */
const BY_APP = 'counterpay';
const DAY_FILE = /^\d{4}-\d{2}-\d{2}\.jsonl$/;
/** The record's head is written in a fixed order, so only lines holding this can be receipt records; the rest are never parsed. */
const RECEIPT_HEAD = '"kind":"receipt';

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
  private readonly byNumber = new Map<number, LedgerEntry>();
  private readonly queue = new SerialQueue();
  private last = 0;

  private constructor(private readonly o: JournalReceiptLedgerOptions) {}

  static async open(o: JournalReceiptLedgerOptions): Promise<JournalReceiptLedger> {
    const ledger = new JournalReceiptLedger(o);
    for (const entry of await readReceiptEntries(o.journalDir)) ledger.apply(entry);
    ledger.reportGaps();
    await migrateLegacyReceipts(o.dataDir, { known: (n) => ledger.byNumber.get(n), write: (kind, body) => ledger.write(kind, body) }, o.logger);
    return ledger;
  }

  /** Applies one record as read or written; a number given twice keeps its first payment (the chain's check names any edit). */
  private apply(entry: JournalEntry): void {
    const receipt = bodyOf(entry, 'receipt');
    if (receipt && !this.byNumber.has(receipt.number) && !this.byKey.has(receipt.attemptId)) {
      const e: LedgerEntry = { paymentKey: receipt.attemptId, number: receipt.number, issuedAt: receipt.issuedAt, emailedAt: null };
      this.byKey.set(e.paymentKey, e);
      this.byNumber.set(e.number, e);
      this.last = Math.max(this.last, e.number);
    }
    const emailed = bodyOf(entry, 'receipt_emailed');
    const target = emailed ? this.byNumber.get(emailed.number) : undefined;
    if (emailed && target) target.emailedAt = emailed.emailedAt;
  }

  /**
   * A number missing below the highest can only be a record lost or edited away: the chain's
   * check reports it. Numbering goes on after the highest, so no number is ever given twice.
   */
  private reportGaps(): void {
    const missing: number[] = [];
    for (let n = 1; n <= this.last && missing.length < 10; n++) if (!this.byNumber.has(n)) missing.push(n);
    if (missing.length) this.o.logger.error('receipt numbers missing from the journal; numbering goes on after the highest', { missing: missing.join(','), last: this.last });
  }

  private async write(kind: 'receipt' | 'receipt_emailed', body: Record<string, unknown>): Promise<void> {
    this.apply(await this.o.records.appendRecord(kind, body, BY_APP));
  }

  assign(paymentKey: string): Promise<Assigned> {
    return this.queue.run(async () => {
      const known = this.byKey.get(paymentKey);
      if (known) return { ...known, isNew: false };
      await this.write('receipt', { number: this.last + 1, attemptId: paymentKey, issuedAt: this.o.clock.now() });
      const made = this.byKey.get(paymentKey);
      if (!made) throw new Error(`receipt record for ${paymentKey} did not read back`);
      return { ...made, isNew: true };
    });
  }

  lookup(paymentKey: string): LedgerEntry | null {
    const e = this.byKey.get(paymentKey);
    return e ? { ...e } : null;
  }

  markEmailed(number: number, at: number): Promise<void> {
    return this.queue.run(async () => {
      if (!this.byNumber.has(number)) throw new RangeError(`no receipt number ${number}`);
      await this.write('receipt_emailed', { number, emailedAt: at });
    });
  }
}

/** Every readable receipt record of every day file, oldest first. A torn line was never confirmed to anyone, so it is no number. */
async function readReceiptEntries(journalDir: string): Promise<JournalEntry[]> {
  const names = await fs.readdir(journalDir).catch((e: NodeJS.ErrnoException) => {
    if (e.code === 'ENOENT') return [] as string[];
    throw e;
  });
  const out: JournalEntry[] = [];
  for (const name of names.filter((n) => DAY_FILE.test(n)).sort()) {
    const text = await fs.readFile(join(journalDir, name), 'utf8');
    for (let at = text.indexOf(RECEIPT_HEAD); at !== -1; at = text.indexOf(RECEIPT_HEAD, at + 1)) {
      const start = text.lastIndexOf('\n', at) + 1;
      const end = text.indexOf('\n', at);
      if (end === -1) break;
      const decoded = decodeLine(text.slice(start, end));
      if (decoded.ok) out.push(decoded.entry);
      at = end;
    }
  }
  return out;
}
