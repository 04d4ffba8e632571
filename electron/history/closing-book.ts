/**
 * The register's book of closings, read from its whole journal: every day closing with its Z
 * number and signature, every month and year closing, and which days had payments. The next
 * number and the grand total are worked out from it, so they survive any restart: the journal is
 * their only home, and numbers never skip or repeat.
 */
import type { DayClosing } from '../../shared/domain/day-report.js';
import { periodKey, type PeriodClosing, type PeriodKind, type SignedHead } from '../../shared/domain/closings.js';
import { addToGrandTotal, emptyGrandTotal, type GrandTotal } from '../../shared/domain/money-figures.js';
import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import { bodyOf, decodeLine, type JournalEntry } from '../payments/journal-records.js';
import { PERIOD_RECORD_KINDS } from '../payments/closing-bodies.js';
import { byStaffOf, closingOf, readLegacyClosings } from './day-closings.js';

export interface ClosingBook {
  /** In journal order (the order they were written). */
  days: DayClosing[];
  periods: PeriodClosing[];
  /** Days with a payment attempt created or a refund recorded (the register's day files they are in). */
  activeDays: Set<string>;
  damaged: string[];
}

/** A `signature` record's body (its reader in KIND_READERS checked it). */
export function signedHeadOf(entry: JournalEntry): SignedHead | null {
  const b = bodyOf(entry, 'signature');
  return b ? { seq: b.seq, hash: b.hash, keyId: b.keyId, signature: b.signature } : null;
}

/** The first signature at or after `seq`: it covers that record through the chain. */
export function signatureFor(signatures: readonly SignedHead[], seq: number | null | undefined): SignedHead | null {
  if (seq === null || seq === undefined) return null;
  return signatures.find((s) => s.seq >= seq) ?? null;
}

/** The signatures of a run of records, in order. */
export const signaturesIn = (entries: readonly JournalEntry[]): SignedHead[] =>
  entries.map(signedHeadOf).filter((s): s is SignedHead => s !== null);

function periodOfEntry(entry: JournalEntry, signatures: readonly SignedHead[]): PeriodClosing | null {
  for (const kind of Object.keys(PERIOD_RECORD_KINDS) as PeriodKind[]) {
    const body = bodyOf(entry, PERIOD_RECORD_KINDS[kind]);
    if (body) return { kind, ...body, at: entry.at, by: entry.by, ...byStaffOf(entry), seq: entry.seq, hash: entry.hash, signature: signatureFor(signatures, entry.seq) };
  }
  return null;
}

/** The kinds the book reads in full; an attempt or a refund only marks its file's day as one with payments. */
const KIND_RE = /"kind":"(create|refund|close|close_month|close_year|signature)"/;
const FILE_RE = /^(\d{4}-\d{2}-\d{2})\.jsonl$/;

/** What the book takes from one day file. */
interface FileBook { active: boolean; entries: JournalEntry[]; damaged: string[] }

/**
 * Each day file's book, kept while the file's size and modification time stay the same: day
 * files only grow (a failed write is cut back to the bytes it had), so a past day's file is read
 * once per run and each closing re-reads today's file alone. Memory only: a restart reads all
 * again. Keyed by path, so two journals never share an entry.
 */
const fileBooks = new Map<string, { size: number; mtimeMs: number; book: FileBook }>();

/**
 * One day file's lines, matched on the record's head: only closings and signatures are decoded
 * (and checked, like any record). An attempt is created in the file of its own day, and a refund
 * counts on the day it is written, so a `create` or `refund` line marks that day without reading
 * its body: a busy year reads in a fraction of what parsing every payment would cost.
 */
async function readFileBook(path: string, name: string): Promise<FileBook> {
  const stat = await fs.stat(path);
  const kept = fileBooks.get(path);
  if (kept && kept.size === stat.size && kept.mtimeMs === stat.mtimeMs) return kept.book;
  const text = await fs.readFile(path, 'utf8');
  const book: FileBook = { active: false, entries: [], damaged: [] };
  text.split('\n').forEach((line, i) => {
    const kind = KIND_RE.exec(line.slice(0, 300))?.[1];
    if (kind === undefined) return;
    if (kind === 'create' || kind === 'refund') {
      book.active = true;
      return;
    }
    const decoded = decodeLine(line);
    if (decoded.ok) book.entries.push(decoded.entry);
    else book.damaged.push(`journal ${name} line ${i + 1} ignored: ${decoded.reason}`);
  });
  // Sized from the bytes read, not the stat before them: a line appended in between is read again next time.
  fileBooks.set(path, { size: Buffer.byteLength(text, 'utf8'), mtimeMs: stat.mtimeMs, book });
  return book;
}

export async function readClosingBook(journalDir: string): Promise<ClosingBook> {
  const legacy = await readLegacyClosings(journalDir);
  const names = await fs.readdir(journalDir).catch((e: NodeJS.ErrnoException) => {
    if (e.code === 'ENOENT') return [] as string[];
    throw e;
  });
  const entries: JournalEntry[] = [];
  const activeDays = new Set<string>();
  const damaged = [...legacy.damaged];
  for (const name of names.filter((n) => FILE_RE.test(n)).sort()) {
    const book = await readFileBook(join(journalDir, name), name);
    if (book.active) activeDays.add(name.slice(0, 10));
    entries.push(...book.entries);
    damaged.push(...book.damaged);
  }
  const signatures = signaturesIn(entries);
  const days: DayClosing[] = legacy.records.filter((r): r is DayClosing => r.kind === 'close');
  const periods: PeriodClosing[] = [];
  for (const entry of entries) {
    const closing = closingOf(entry);
    if (closing?.kind === 'close') days.push({ ...closing, signature: signatureFor(signatures, closing.seq) });
    const period = periodOfEntry(entry, signatures);
    if (period) periods.push(period);
  }
  return { days, periods, activeDays, damaged };
}

/** The next Z number: one after the last, counting closings from before numbering by their place. */
export function nextDayNumber(book: Pick<ClosingBook, 'days'>): number {
  return Math.max(book.days.length, ...book.days.map((d) => d.number ?? 0)) + 1;
}

/** The grand total over every day closed so far, as each one printed its figures. */
export function grandTotalOf(book: Pick<ClosingBook, 'days'>): GrandTotal {
  return book.days.reduce((g, d) => addToGrandTotal(g, d.totals), emptyGrandTotal());
}

export function nextPeriodNumber(book: Pick<ClosingBook, 'periods'>, kind: PeriodKind): number {
  return Math.max(0, ...book.periods.filter((p) => p.kind === kind).map((p) => p.number)) + 1;
}

export const closedPeriodKeys = (book: Pick<ClosingBook, 'periods'>): Set<string> => new Set(book.periods.map((p) => periodKey(p.kind, p.period)));
