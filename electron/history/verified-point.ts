/**
 * The last verified point: the record up to which the app last found the chain intact, kept in
 * `journal/verified.json`. Start-up checks only what was written after it (start-up stays fast as
 * years pass), and a full check compares the journal's end with it: it is the one thing beside
 * the day files that shows records cut off the end (a lost newest file). It is not a signature: a
 * person who edits the day files can edit it too; the store and signed closings are the anchors
 * outside the folder.
 */
import { promises as fs } from 'node:fs';
import { isPlainObject } from '../../shared/json.js';
import { writeFileAtomic } from '../payments/journal-files.js';
import { join } from 'node:path';
import type { VerifiedPoint } from './journal-verify.js';

export const VERIFIED_FILE = 'verified.json';

export async function readVerifiedPoint(journalDir: string): Promise<VerifiedPoint | null> {
  let text: string;
  try {
    text = await fs.readFile(join(journalDir, VERIFIED_FILE), 'utf8');
  } catch {
    return null;
  }
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isPlainObject(v)) return null;
  const ok = Number.isSafeInteger(v.seq) && typeof v.hash === 'string' && /^[0-9a-f]{64}$/.test(v.hash) && typeof v.file === 'string' &&
    /^\d{4}-\d{2}-\d{2}\.jsonl$/.test(v.file) && Number.isSafeInteger(v.line) && Number.isSafeInteger(v.offset);
  return ok ? { seq: v.seq as number, hash: v.hash as string, file: v.file as string, line: v.line as number, offset: v.offset as number } : null;
}

export async function writeVerifiedPoint(journalDir: string, point: VerifiedPoint): Promise<void> {
  await writeFileAtomic(journalDir, VERIFIED_FILE, `${JSON.stringify(point)}\n`);
}
