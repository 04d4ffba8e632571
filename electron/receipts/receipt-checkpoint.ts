/**
 * The receipt ledger's checkpoint: the highest receipt number, at the end of the line of the
 * record that gave it out, with the hash of that day file up to there, written after start-up has
 * read the journal, so the next start reads only what came after it. It is trusted only when the
 * day file still holds exactly those bytes and the record there carries that very number: a
 * checkpoint edited to a lower number (which would give numbers out twice) or to an earlier
 * record (everything after it is read again, numbers included) cannot pass. Anything else means
 * reading every day file again, as before checkpoints: never a number given twice.
 */
import { join } from 'node:path';
import { isPlainObject } from '../../shared/json.js';
import { Reader } from '../../shared/validation/read.js';
import { writeFileAtomic } from '../fs/atomic-write.js';
import { readTextIfExists } from '../fs/read-text.js';
import type { Logger } from '../log.js';
import { numberOf, prefixOf, type JournalPoint } from './receipt-scan.js';

export const RECEIPT_CHECKPOINT_FILE = 'receipt-checkpoint.json';

export interface ReceiptCheckpoint extends JournalPoint {
  v: 1;
  /** The highest receipt number in the journal before the point: the number of the record just before it. */
  last: number;
  /** sha256 of the day file's bytes before the point. */
  sha256: string;
}

function parse(text: string): ReceiptCheckpoint | null {
  let o: unknown;
  try {
    o = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isPlainObject(o) || o.v !== 1) return null;
  const r = new Reader();
  r.noExtraKeys(o, ['v', 'last', 'file', 'offset', 'sha256']);
  const last = r.integer(o, 'last', { required: true, min: 1 });
  const offset = r.integer(o, 'offset', { required: true, min: 0 });
  const file = r.string(o, 'file', { required: true });
  const hash = r.string(o, 'sha256', { required: true });
  if (r.issues.length || last === undefined || offset === undefined || !file || !hash) return null;
  return /^\d{4}-\d{2}-\d{2}\.jsonl$/.test(file) && /^[0-9a-f]{64}$/.test(hash) ? { v: 1, last, file, offset, sha256: hash } : null;
}

/** The checkpoint, if there is one and the journal still holds what it vouches for; null otherwise (said in the log). */
export async function readCheckpoint(dataDir: string, journalDir: string, logger: Logger): Promise<ReceiptCheckpoint | null> {
  const text = await readTextIfExists(join(dataDir, RECEIPT_CHECKPOINT_FILE)).catch(() => null);
  if (text === null) return null;
  const checkpoint = parse(text);
  if (!checkpoint) {
    logger.warn('the receipt checkpoint cannot be read; receipt numbers are read from every day file');
    return null;
  }
  const prefix = await prefixOf(journalDir, checkpoint);
  if (prefix?.sha256 !== checkpoint.sha256) {
    logger.warn('the journal no longer holds what the receipt checkpoint vouches for; receipt numbers are read from every day file', { file: checkpoint.file, offset: checkpoint.offset });
    return null;
  }
  const number = prefix.lastLine ? numberOf(prefix.lastLine) : null;
  if (number !== checkpoint.last) {
    logger.warn('the receipt checkpoint does not match the receipt record it stands on; receipt numbers are read from every day file', { file: checkpoint.file, offset: checkpoint.offset, last: checkpoint.last, recorded: number ?? 0 });
    return null;
  }
  return checkpoint;
}

/** The checkpoint on the record with the highest number read, when it is the ledger's highest; null: none to write. */
export async function checkpointAt(journalDir: string, highest: (JournalPoint & { number: number }) | null, last: number): Promise<ReceiptCheckpoint | null> {
  if (!highest || highest.number !== last) return null;
  const prefix = await prefixOf(journalDir, highest);
  return prefix ? { v: 1, last, file: highest.file, offset: highest.offset, sha256: prefix.sha256 } : null;
}

/** Crash-safe (the old one or the new one, never half); a checkpoint that cannot be written only makes the next start slower. */
export async function writeCheckpoint(dataDir: string, checkpoint: ReceiptCheckpoint, logger: Logger): Promise<void> {
  await writeFileAtomic(join(dataDir, RECEIPT_CHECKPOINT_FILE), JSON.stringify(checkpoint), { mode: 0o600 }).catch((e: unknown) => {
    logger.warn('the receipt checkpoint cannot be written; the next start reads more of the journal', { reason: e instanceof Error ? e.message : String(e) });
  });
}
