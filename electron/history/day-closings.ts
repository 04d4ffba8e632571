/**
 * Closing the day, journaled: `journal/closings.jsonl` beside the day files, append-only and
 * fsync'd like them, one self-checking line per closing or later correction. Kept out of the
 * day files because those are the payment engine's (start-up reads only the newest), while a
 * closing is the manager's statement about a day that is already over for the engine.
 *
 * A closed day changes only through a correction: a manager's note, journaled here, naming
 * what changed after the closing (a late outcome, a sale rung up after closing time).
 */
import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import { isPlainObject } from '../../shared/json.js';
import type { DayClosing, DayCorrection } from '../../shared/domain/day-report.js';
import { syncDirectory } from '../fs/sync-directory.js';
import { isDay } from './journal-history.js';

export const CLOSINGS_FILE = 'closings.jsonl';

export type { DayClosing, DayCorrection };
export type ClosingRecord = DayClosing | DayCorrection;

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

export async function readClosings(journalDir: string): Promise<ClosingsRead> {
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
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      parsed = null;
    }
    const rec = isPlainObject(parsed) && typeof parsed.rec === 'string' && parsed.sum === sum(parsed.rec) ? safeParse(parsed.rec) : null;
    const checked = asRecord(rec);
    if (checked) records.push(checked);
    else damaged.push(`journal ${CLOSINGS_FILE} line ${i + 1} ignored: not a readable closing record`);
  });
  return { records, damaged };
}

function safeParse(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
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
