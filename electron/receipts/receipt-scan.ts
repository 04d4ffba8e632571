/**
 * Reading receipt records out of the journal's day files between two points, so start-up can
 * read only what came after the ledger's checkpoint and an old sale's number can be looked up in
 * just the days that may hold it. Points are byte offsets at line ends in a named day file; the
 * text is searched as bytes, so a sale's accented order reference never shifts an offset.
 */
import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import { decodeLine, numberOf, type JournalEntry } from '../payments/journal-records.js';

export { numberOf };

const DAY_FILE = /^(\d{4}-\d{2}-\d{2})\.jsonl$/;
/** The record's head is written in a fixed order, so only lines holding this can be receipt records; the rest are never parsed. */
const RECEIPT_HEAD = Buffer.from('"kind":"receipt');
const NEWLINE = 0x0a;

/** A line end in a day file: everything before `offset` is whole lines. */
export interface JournalPoint {
  file: string;
  offset: number;
}

export interface ScanResult {
  /** Every readable receipt record in the range, oldest first. A torn line was never confirmed to anyone, so it is no number. */
  entries: JournalEntry[];
  /** Where the range's reading stopped: the end of the last whole line of the last file read; null when no day file was read. */
  end: (JournalPoint & { sha256: string }) | null;
  /** Day files opened. */
  files: number;
  /** Just after the line of the record with the highest receipt number read (a receipt or a refund's); null: none read. */
  highest: (JournalPoint & { number: number }) | null;
}


export async function dayFilesOf(journalDir: string): Promise<string[]> {
  const names = await fs.readdir(journalDir).catch((e: NodeJS.ErrnoException) => {
    if (e.code === 'ENOENT') return [] as string[];
    throw e;
  });
  return names.filter((n) => DAY_FILE.test(n)).sort();
}

export const dayOfFile = (file: string): string => DAY_FILE.exec(file)?.[1] ?? '';

/**
 * The hash of a day file's first `offset` bytes, and the record on the line that ends there (null
 * when it does not read); null if the file is shorter, gone, or the point is not a line end.
 */
export async function prefixOf(journalDir: string, point: JournalPoint): Promise<{ sha256: string; lastLine: JournalEntry | null } | null> {
  const bytes = await fs.readFile(join(journalDir, point.file)).catch(() => null);
  if (!bytes || bytes.length < point.offset || (point.offset > 0 && bytes[point.offset - 1] !== NEWLINE)) return null;
  const line = point.offset > 0 ? decodeLine(bytes.subarray(bytes.lastIndexOf(NEWLINE, point.offset - 2) + 1, point.offset - 1).toString('utf8')) : null;
  return { sha256: sha256(bytes.subarray(0, point.offset)), lastLine: line?.ok ? line.entry : null };
}

const sha256 = (b: Uint8Array): string => createHash('sha256').update(b).digest('hex');

/**
 * The receipt records from `from` (a point, or the start of a day's file) up to `until` (a point,
 * exclusive), or to the journal's end when `until` is null.
 */
export async function scanReceipts(journalDir: string, from: JournalPoint | { day: string } | null, until: JournalPoint | null): Promise<ScanResult> {
  const startFile = from === null ? '' : 'file' in from ? from.file : `${from.day}.jsonl`;
  const names = (await dayFilesOf(journalDir)).filter((n) => n >= startFile && (until === null || n < until.file || (n === until.file && until.offset > 0)));
  const out: ScanResult = { entries: [], end: null, files: 0, highest: null };
  for (const name of names) {
    const bytes = await fs.readFile(join(journalDir, name));
    out.files++;
    const begin = from && 'file' in from && from.file === name ? from.offset : 0;
    const stop = until && until.file === name ? Math.min(until.offset, bytes.length) : bytes.length;
    // A negative offset would search from the end: an empty range has no line at all.
    const whole = stop === 0 ? 0 : bytes.lastIndexOf(NEWLINE, stop - 1) + 1;
    for (let at = bytes.indexOf(RECEIPT_HEAD, begin); at !== -1 && at < whole; at = bytes.indexOf(RECEIPT_HEAD, at + 1)) {
      const start = bytes.lastIndexOf(NEWLINE, at) + 1;
      const end = bytes.indexOf(NEWLINE, at);
      const decoded = decodeLine(bytes.subarray(start, end).toString('utf8'));
      if (decoded.ok) out.entries.push(decoded.entry);
      const number = decoded.ok ? numberOf(decoded.entry) : null;
      if (number !== null && number > (out.highest?.number ?? 0)) out.highest = { file: name, offset: end + 1, number };
      at = end;
    }
    if (until === null) out.end = { file: name, offset: whole, sha256: sha256(bytes.subarray(0, whole)) };
  }
  return out;
}
