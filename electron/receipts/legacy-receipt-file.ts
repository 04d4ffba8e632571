/**
 * Receipt numbers an older Counterpay kept apart in `receipts.jsonl` (one fsync'd JSON line
 * per number or e-mail mark), journaled once into the chain so numbering goes on where it
 * stopped. The file is then renamed `receipts.jsonl.migrated` and made read-only: it stays for
 * whoever wants to compare, and no later start reads it again. A start that stops halfway
 * journals only what the chain does not hold yet, so nothing is journaled twice.
 */
import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import { syncDirectory } from '../fs/atomic-write.js';
import type { Logger } from '../log.js';

export const LEGACY_RECEIPTS_FILE = 'receipts.jsonl';
export const MIGRATED_RECEIPTS_FILE = 'receipts.jsonl.migrated';

export type LegacyLine = { t: 'assign'; key: string; n: number; at: number } | { t: 'emailed'; n: number; at: number };

export function parseLegacyLine(raw: string): LegacyLine | null {
  let o: unknown;
  try {
    o = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof o !== 'object' || o === null) return null;
  const r = o as Record<string, unknown>;
  const whole = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 0;
  if (r.t === 'assign' && typeof r.key === 'string' && r.key !== '' && whole(r.n) && r.n > 0 && whole(r.at)) return { t: 'assign', key: r.key, n: r.n, at: r.at };
  if (r.t === 'emailed' && whole(r.n) && whole(r.at)) return { t: 'emailed', n: r.n, at: r.at };
  return null;
}

export interface MigrationTarget {
  /** What the chain already holds for this number. */
  known(number: number): { paymentKey: string; emailedAt: number | null } | undefined;
  write(kind: 'receipt' | 'receipt_emailed', body: Record<string, unknown>): Promise<void>;
}

/** Journals what the old file holds and the chain does not, then retires the file. Returns how many records were written. */
export async function migrateLegacyReceipts(dataDir: string, target: MigrationTarget, logger: Logger): Promise<number> {
  const path = join(dataDir, LEGACY_RECEIPTS_FILE);
  const text = await fs.readFile(path, 'utf8').catch((e: NodeJS.ErrnoException) => {
    if (e.code === 'ENOENT') return null;
    throw e;
  });
  if (text === null) return 0;
  let written = 0;
  const unreadable: number[] = [];
  const lines = text.split('\n');
  for (const [i, raw] of lines.entries()) {
    if (raw === '') continue;
    const line = parseLegacyLine(raw);
    // A torn last line was never confirmed to anyone; any other unreadable line is named.
    if (!line) {
      if (i < lines.length - 1) unreadable.push(i + 1);
      continue;
    }
    const known = target.known(line.n);
    if (line.t === 'assign') {
      if (known && known.paymentKey !== line.key) logger.error('old receipt number already used in the journal: not migrated', { number: line.n });
      if (known) continue;
      await target.write('receipt', { number: line.n, attemptId: line.key, issuedAt: line.at });
    } else {
      if (!known || (known.emailedAt !== null && known.emailedAt >= line.at)) continue;
      await target.write('receipt_emailed', { number: line.n, emailedAt: line.at });
    }
    written++;
  }
  if (unreadable.length) logger.error('old receipt file lines could not be read and were not migrated', { lines: unreadable.join(',') });
  const retired = join(dataDir, MIGRATED_RECEIPTS_FILE);
  await fs.rename(path, retired);
  await fs.chmod(retired, 0o400);
  await syncDirectory(dataDir);
  logger.info('receipt numbers moved into the journal', { records: written });
  return written;
}
