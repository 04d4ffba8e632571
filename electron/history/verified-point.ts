/**
 * What the app remembers of the chain between starts, in `journal/verified.json`: the record up
 * to which it last found the chain intact (start-up checks only what was written after it, so
 * start-up stays fast as years pass) and the break notices no manager has acknowledged yet. A
 * full check also compares the journal's end with that point: it is the one thing beside the day
 * files that shows records cut off the end. It is not a signature (whoever edits the day files can
 * edit it too); the store and signed closings are the anchors outside the folder.
 */
import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import { isPlainObject } from '../../shared/json.js';
import { writeFileAtomic } from '../payments/journal-files.js';
import type { VerifiedPoint } from './journal-verify.js';

export const VERIFIED_FILE = 'verified.json';

/** A break_noticed record a manager has not acknowledged: its number, when, how many breaks, which days. */
export interface OpenNotice { seq: number; at: number; breaks: number; days: string[]; detail: string }

export interface VerifiedState {
  point: VerifiedPoint | null;
  notices: OpenNotice[];
  /** Every break already journaled (one line each): a later check of a day or a range does not journal it again. */
  known: string[];
}

const isPoint = (v: unknown): v is VerifiedPoint => isPlainObject(v) && Number.isSafeInteger(v.seq) && typeof v.hash === 'string' &&
  /^[0-9a-f]{64}$/.test(v.hash) && typeof v.file === 'string' && /^\d{4}-\d{2}-\d{2}\.jsonl$/.test(v.file) &&
  Number.isSafeInteger(v.line) && Number.isSafeInteger(v.offset);

const isNotice = (v: unknown): v is OpenNotice => isPlainObject(v) && Number.isSafeInteger(v.seq) && Number.isSafeInteger(v.at) &&
  Number.isSafeInteger(v.breaks) && Array.isArray(v.days) && v.days.every((d) => typeof d === 'string') && typeof v.detail === 'string';

/** An unreadable file reads as "nothing verified yet": the next check is a full one. */
export async function readVerifiedState(journalDir: string): Promise<VerifiedState> {
  let v: unknown;
  try {
    v = JSON.parse(await fs.readFile(join(journalDir, VERIFIED_FILE), 'utf8'));
  } catch {
    return { point: null, notices: [], known: [] };
  }
  if (!isPlainObject(v)) return { point: null, notices: [], known: [] };
  const point = isPoint(v.point) ? { seq: v.point.seq, hash: v.point.hash, file: v.point.file, line: v.point.line, offset: v.point.offset } : null;
  const notices = Array.isArray(v.notices) ? v.notices.filter(isNotice) : [];
  const known = Array.isArray(v.known) ? v.known.filter((k): k is string => typeof k === 'string') : [];
  return { point, notices, known };
}

export async function readVerifiedPoint(journalDir: string): Promise<VerifiedPoint | null> {
  return (await readVerifiedState(journalDir)).point;
}

export async function writeVerifiedState(journalDir: string, state: VerifiedState): Promise<void> {
  await writeFileAtomic(journalDir, VERIFIED_FILE, `${JSON.stringify(state)}\n`);
}
