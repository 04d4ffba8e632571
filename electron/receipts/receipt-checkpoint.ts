/**
 * The receipt ledger's checkpoint: the highest receipt number at a point of the journal (a line
 * end in a day file) with the hash of that file up to the point, written after start-up has read
 * the journal, so the next start reads only what came after it. It is trusted only when the day
 * file still holds exactly those bytes; anything else (missing, torn, the file edited or cut
 * short) means reading every day file again, as before checkpoints: never a number given twice.
 */
import { join } from 'node:path';
import { writeFileAtomic } from '../fs/atomic-write.js';
import { readTextIfExists } from '../fs/read-text.js';
import type { Logger } from '../log.js';
import { prefixOf, type JournalPoint } from './receipt-scan.js';

export const RECEIPT_CHECKPOINT_FILE = 'receipt-checkpoint.json';

export interface ReceiptCheckpoint extends JournalPoint {
  v: 1;
  /** The highest receipt number in the journal before the point (0: none yet). */
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
  if (typeof o !== 'object' || o === null) return null;
  const c = o as Record<string, unknown>;
  const whole = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 0;
  if (c.v !== 1 || !whole(c.last) || !whole(c.offset) || typeof c.file !== 'string' || !/^\d{4}-\d{2}-\d{2}\.jsonl$/.test(c.file)) return null;
  if (typeof c.sha256 !== 'string' || !/^[0-9a-f]{64}$/.test(c.sha256)) return null;
  return { v: 1, last: c.last, file: c.file, offset: c.offset, sha256: c.sha256 };
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
  return checkpoint;
}

/** Crash-safe (the old one or the new one, never half); a checkpoint that cannot be written only makes the next start slower. */
export async function writeCheckpoint(dataDir: string, checkpoint: ReceiptCheckpoint, logger: Logger): Promise<void> {
  await writeFileAtomic(join(dataDir, RECEIPT_CHECKPOINT_FILE), JSON.stringify(checkpoint), { mode: 0o600 }).catch((e: unknown) => {
    logger.warn('the receipt checkpoint cannot be written; the next start reads more of the journal', { reason: e instanceof Error ? e.message : String(e) });
  });
}
