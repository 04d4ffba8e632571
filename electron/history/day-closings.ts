/**
 * Closing the day, journaled. Closings and corrections are records of the day files' chain
 * (kinds `close` and `correction`, written through the payment engine's journal so they take
 * the register's one sequence); this reads them back as DayClosing / DayCorrection. Journals
 * from before the chain kept them apart in `journal/closings.jsonl`, one self-checking line
 * each: that file is still read (the chain's takeover record vouches for its bytes), and
 * appendClosing still writes it for tests that build such a journal.
 *
 * A closed day changes only through a correction: a manager's note, journaled here, naming
 * what changed after the closing (a late outcome, a sale rung up after closing time).
 */
import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import { isPlainObject } from '../../shared/json.js';
import { parseBoundedJson } from '../../shared/validation/bounded-json.js';
import type { DayClosing, DayCorrection } from '../../shared/domain/day-report.js';
import type { StaffRef } from '../../shared/domain/staff.js';
import { syncDirectory } from '../fs/sync-directory.js';
import { bodyOf, type JournalEntry } from '../payments/journal-records.js';
import { isDay, readHistory } from './journal-history.js';

const FIRST_DAY = '1000-01-01';
const LAST_DAY = '9999-12-31';

export const CLOSINGS_FILE = 'closings.jsonl';

export type { DayClosing, DayCorrection };
export type ClosingRecord = DayClosing | DayCorrection;

/** A closing names one day's attempt ids: thousands at most, far below this. */
const MAX_LINE_CHARS = 4 * 1024 * 1024;

const sum = (raw: string): string => createHash('sha256').update(raw, 'utf8').digest('hex').slice(0, 16);

function isStringArray(v: unknown): v is string[] {
  return Array.isArray(v) && v.every((x) => typeof x === 'string');
}

/** Shape check of a record read back from disk; the totals are trusted as written (checksummed). */
function asRecord(v: unknown): ClosingRecord | null {
  if (!isPlainObject(v)) return null;
  const common = typeof v.day === 'string' && isDay(v.day) && Number.isSafeInteger(v.at) && typeof v.by === 'string' &&
    typeof v.registerId === 'string' && isStringArray(v.attemptIds);
  if (!common) return null;
  if (v.kind === 'close' && isPlainObject(v.totals)) return v as unknown as DayClosing;
  if (v.kind === 'correction' && typeof v.note === 'string') return v as unknown as DayCorrection;
  return null;
}

export interface ClosingsRead {
  records: ClosingRecord[];
  damaged: string[];
}

/** Every closing and correction: the old file's, then the chain's, oldest first. */
export async function readClosings(journalDir: string): Promise<ClosingsRead> {
  const [legacy, chained] = await Promise.all([readLegacyClosings(journalDir), readHistory(journalDir, { from: FIRST_DAY, to: LAST_DAY })]);
  const records = chained.others.map((o) => closingOf(o.entry)).filter((r): r is ClosingRecord => r !== null);
  return { records: [...legacy.records, ...records], damaged: [...legacy.damaged, ...chained.damaged] };
}

/** The staff member a record's envelope names, to spread into what is read back (absent for a typed name or nobody). */
export const byStaffOf = (entry: JournalEntry): { byStaff?: StaffRef } => (entry.byStaff ? { byStaff: entry.byStaff } : {});

/** A closing or correction record of the chain, as the day report reads it. */
export function closingOf(entry: JournalEntry): ClosingRecord | null {
  const close = bodyOf(entry, 'close');
  if (close) {
    const { day, registerId, totals, attemptIds, number, grandTotal, byPerson } = close;
    const place = entry.seq === null ? {} : { seq: entry.seq, hash: entry.hash };
    return { kind: 'close', day, at: entry.at, by: entry.by, ...byStaffOf(entry), registerId, totals, attemptIds, ...(number ? { number, grandTotal } : {}), ...(byPerson ? { byPerson } : {}), ...place };
  }
  const fix = bodyOf(entry, 'correction');
  if (fix) return { kind: 'correction', day: fix.day, at: entry.at, by: entry.by, ...byStaffOf(entry), registerId: fix.registerId, note: fix.note, attemptIds: fix.attemptIds };
  return null;
}

/** The body a closing or correction is journaled with: the envelope holds its kind, time and who. */
export function closingBody(record: ClosingRecord): { kind: 'close' | 'correction'; body: Record<string, unknown> } {
  if (record.kind === 'correction') {
    const { kind, at: _at, by: _by, byStaff: _byStaff, ...body } = record;
    return { kind, body };
  }
  // What the chain and the signature say of the record (its place, its signature) is never part of its body.
  const { day, registerId, totals, attemptIds, number, grandTotal, byPerson } = record;
  return { kind: 'close', body: { day, registerId, totals, attemptIds, ...(number ? { number, grandTotal } : {}), ...(byPerson ? { byPerson } : {}) } };
}

export async function readLegacyClosings(journalDir: string): Promise<ClosingsRead> {
  let text: string;
  try {
    text = await fs.readFile(join(journalDir, CLOSINGS_FILE), 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { records: [], damaged: [] };
    throw e;
  }
  const records: ClosingRecord[] = [];
  const damaged: string[] = [];
  text.split('\n').forEach((line, i) => {
    if (line.trim() === '') return;
    const outer = parseBoundedJson(line, MAX_LINE_CHARS);
    const parsed = outer.ok ? outer.value : null;
    const inner = isPlainObject(parsed) && typeof parsed.rec === 'string' && parsed.sum === sum(parsed.rec) ? parseBoundedJson(parsed.rec, MAX_LINE_CHARS) : null;
    const checked = asRecord(inner?.ok ? inner.value : null);
    const why = !outer.ok ? outer.reason : inner && !inner.ok ? inner.reason : 'not a readable closing record';
    if (checked) records.push(checked);
    else damaged.push(`journal ${CLOSINGS_FILE} line ${i + 1} ignored: ${why}`);
  });
  return { records, damaged };
}

/** Appends one record and fsyncs it before resolving. The record is checked to read back first. */
export async function appendClosing(journalDir: string, record: ClosingRecord): Promise<void> {
  const raw = JSON.stringify(record);
  if (asRecord(JSON.parse(raw)) === null) throw new TypeError('a closing record must read back as written');
  await fs.mkdir(journalDir, { recursive: true });
  const path = join(journalDir, CLOSINGS_FILE);
  const existed = await fs.stat(path).then(() => true, () => false);
  const handle = await fs.open(path, 'a', 0o600);
  try {
    await handle.appendFile(`${JSON.stringify({ sum: sum(raw), rec: raw })}\n`, 'utf8');
    await handle.datasync();
  } finally {
    await handle.close();
  }
  if (!existed) await syncDirectory(journalDir);
}
