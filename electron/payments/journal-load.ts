/**
 * What start-up reads of the journal: the newest day file that holds a readable record, as the
 * latest snapshot of each attempt in it, the records of other kinds, and where the chain stands
 * (its last record's number and hash). An empty file, or one dated in the future by a clock that
 * was wrong for a while, is skipped with a warning: every file the journal creates starts with
 * a carry record, so an empty one was never the journal's last word.
 */
import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import type { Attempt } from '../../shared/domain/attempt.js';
import { IMMUTABLE_FIELDS } from './attempt-states.js';
import { GENESIS } from './journal-envelope.js';
import { dayFileName, daysNewestFirst, JOURNAL_FILE_MODE, readJournalFile } from './journal-files.js';
import type { JournalEntry, JournalRecord } from './journal-records.js';

export interface NewestFile {
  day: string;
  lastSeq: number;
  lastHash: string;
  endsWithNewline: boolean;
  /** Its last readable record is chained (false: a journal from before the chain, to take over). */
  chained: boolean;
}

export interface Loaded {
  newest: NewestFile | null;
  attempts: Map<string, Attempt>;
  others: JournalEntry[];
  warnings: string[];
}

export async function loadNewest(dir: string): Promise<Loaded> {
  const warnings: string[] = [];
  for (const day of await daysNewestFirst(dir)) {
    const name = dayFileName(day);
    const read = await readJournalFile(dir, name);
    warnings.push(...read.warnings);
    if (read.entries.length === 0) {
      warnings.push(`journal ${name} holds no readable record: skipped, the day before it was read instead`);
      continue;
    }
    const attempts = new Map<string, Attempt>();
    const others: JournalEntry[] = [];
    let lastSeq = 0;
    for (const { entry, record } of read.entries) {
      lastSeq = Math.max(lastSeq + 1, entry.seq ?? 0);
      if (!record) {
        others.push(entry);
        continue;
      }
      const clash = creationClash(attempts, record);
      // Skipped whole: a record changes its attempts together (a retry) or not at all.
      if (clash) warnings.push(`journal ${name} record of ${new Date(record.at).toISOString()} ignored: ${clash}`);
      else for (const a of record.attempts) attempts.set(a.id, a);
    }
    await fs.chmod(join(dir, name), JOURNAL_FILE_MODE).catch(() => undefined);
    const last = read.entries[read.entries.length - 1]?.entry;
    const newest = { day, lastSeq, lastHash: last?.hash ?? GENESIS, endsWithNewline: read.endsWithNewline, chained: last?.v === 2 };
    return { newest, attempts, others, warnings };
  }
  return { newest: null, attempts: new Map(), others: [], warnings };
}

/**
 * Each record checks itself, but only the sequence shows a snapshot that changes what never
 * changes: a different key or amount for a known attempt would be sent as if it were the original.
 */
function creationClash(known: Map<string, Attempt>, record: JournalRecord): string | null {
  for (const a of record.attempts) {
    const prev = known.get(a.id);
    const field = prev && IMMUTABLE_FIELDS.find((f) => !isDeepStrictEqual(prev[f], a[f]));
    if (field) return `attempt ${a.id} would change its ${field}, which never changes after creation`;
  }
  return null;
}
