/**
 * Receipt numbers, per register and without gaps, given durably the first time a
 * payment's receipt is made, so a reprint finds the same number. Behind a small
 * interface so the numbering can move onto the journal's envelope without its
 * callers changing; until then one fsync'd JSON-lines file in the environment's
 * data folder holds it. It never holds the customer's address: only which
 * receipt was e-mailed, and when.
 */
import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import { syncDirectory } from '../fs/atomic-write.js';
import { SerialQueue } from '../fs/serial-queue.js';
import type { Clock } from '../../shared/clock.js';

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

export const RECEIPT_LEDGER_FILE = 'receipts.jsonl';

type Line = { t: 'assign'; key: string; n: number; at: number } | { t: 'emailed'; n: number; at: number };

function parseLine(raw: string): Line | null {
  let o: unknown;
  try {
    o = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof o !== 'object' || o === null) return null;
  const r = o as Record<string, unknown>;
  const whole = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 0;
  if (r.t === 'assign' && typeof r.key === 'string' && whole(r.n) && whole(r.at)) return { t: 'assign', key: r.key, n: r.n, at: r.at };
  if (r.t === 'emailed' && whole(r.n) && whole(r.at)) return { t: 'emailed', n: r.n, at: r.at };
  return null;
}

export class LedgerDamaged extends Error {}

/** The JSON-lines ledger: appends only, each line flushed to disk before the caller hears of it. */
export class FileReceiptLedger implements ReceiptLedger {
  private readonly byKey = new Map<string, LedgerEntry>();
  private readonly byNumber = new Map<number, LedgerEntry>();
  private readonly queue = new SerialQueue();
  private last = 0;
  /** A torn last line is left as it is; the next line starts on a fresh one. */
  private tornTail = false;

  private constructor(private readonly dir: string, private readonly clock: Clock) {}

  static async open(dir: string, clock: Clock): Promise<FileReceiptLedger> {
    const ledger = new FileReceiptLedger(dir, clock);
    const text = await fs.readFile(join(dir, RECEIPT_LEDGER_FILE), 'utf8').catch((e: NodeJS.ErrnoException) => {
      if (e.code === 'ENOENT') return '';
      throw e;
    });
    ledger.tornTail = text !== '' && !text.endsWith('\n');
    // A line torn by a crash was never confirmed to anyone, so it never happened; a lost
    // number shows as a gap in the sequence, which apply() refuses.
    for (const raw of text.split('\n')) {
      const line = raw === '' ? null : parseLine(raw);
      if (line) ledger.apply(line);
    }
    return ledger;
  }

  private apply(line: Line): void {
    if (line.t === 'assign') {
      if (line.n !== this.last + 1) throw new LedgerDamaged(`receipt number ${line.n} does not follow ${this.last}`);
      const entry: LedgerEntry = { paymentKey: line.key, number: line.n, issuedAt: line.at, emailedAt: null };
      this.byKey.set(line.key, entry);
      this.byNumber.set(line.n, entry);
      this.last = line.n;
    } else {
      const entry = this.byNumber.get(line.n);
      if (entry) entry.emailedAt = line.at;
    }
  }

  private async append(line: Line): Promise<void> {
    await fs.mkdir(this.dir, { recursive: true });
    const path = join(this.dir, RECEIPT_LEDGER_FILE);
    const existed = await fs.stat(path).then(() => true, () => false);
    const handle = await fs.open(path, 'a', 0o600);
    try {
      await handle.appendFile(`${this.tornTail ? '\n' : ''}${JSON.stringify(line)}\n`, 'utf8');
      await handle.datasync();
    } finally {
      await handle.close();
    }
    this.tornTail = false;
    if (!existed) await syncDirectory(this.dir);
    this.apply(line);
  }

  assign(paymentKey: string): Promise<Assigned> {
    return this.queue.run(async () => {
      const known = this.byKey.get(paymentKey);
      if (known) return { ...known, isNew: false };
      await this.append({ t: 'assign', key: paymentKey, n: this.last + 1, at: this.clock.now() });
      return { ...this.byKey.get(paymentKey)!, isNew: true };
    });
  }

  lookup(paymentKey: string): LedgerEntry | null {
    const e = this.byKey.get(paymentKey);
    return e ? { ...e } : null;
  }

  markEmailed(number: number, at: number): Promise<void> {
    return this.queue.run(async () => {
      if (!this.byNumber.has(number)) throw new RangeError(`no receipt number ${number}`);
      await this.append({ t: 'emailed', n: number, at });
    });
  }
}
