/**
 * A journal written before the chain is taken over, not rewritten: its first chained record
 * names every file then in the journal folder (each day file and the old closings file) with
 * its size and the SHA-256 of its bytes. From then on a change to any of those bytes, or a
 * missing file, is as visible as a change between two chained records.
 */
import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import { sha256Hex } from './journal-envelope.js';
import type { TakeoverBody, TakenFile } from './record-bodies.js';

/** The old closings file: closings and corrections before they joined the day files' chain. */
export const LEGACY_CLOSINGS_FILE = 'closings.jsonl';
const TAKEN_RE = /^(\d{4}-\d{2}-\d{2}\.jsonl|closings\.jsonl)$/;

export async function takeoverBody(journalDir: string): Promise<TakeoverBody> {
  const names = (await fs.readdir(journalDir)).filter((n) => TAKEN_RE.test(n)).sort();
  const files: TakenFile[] = [];
  for (const name of names) {
    const bytes = await fs.readFile(join(journalDir, name));
    files.push({ name, bytes: bytes.length, sha256: sha256Hex(bytes) });
  }
  return { files };
}

/** What is wrong with one file a takeover vouched for, or null when its first `bytes` bytes are as they were. */
export async function takenFileIssue(journalDir: string, file: TakenFile): Promise<string | null> {
  let bytes: Buffer;
  try {
    bytes = await fs.readFile(join(journalDir, file.name));
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return `missing day file: ${file.name}, written before the chain, is gone`;
    throw e;
  }
  if (bytes.length < file.bytes) return `edited record: ${file.name} is shorter than when the chain took it over (${bytes.length} bytes, was ${file.bytes})`;
  if (sha256Hex(bytes.subarray(0, file.bytes)) !== file.sha256) return `edited record: ${file.name} was changed after the chain took it over`;
  return null;
}
