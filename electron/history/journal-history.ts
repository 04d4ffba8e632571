/**
 * Reads past days back out of the journal, read-only, for the manager's history, the
 * end-of-day report and the accountant's export. It never opens a file for writing, so it
 * may run beside the till that owns the folder.
 *
 * An attempt belongs to the local day it was created on, but its later changes can sit in
 * the files of following days (open attempts are carried forward at each rollover), so a
 * range reads every file from its first day to the newest and keeps each attempt's last
 * snapshot. Unreadable lines are reported with their file and line, never skipped silently.
 */
import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import type { Attempt } from '../../shared/domain/attempt.js';
import type { DayRange } from '../../shared/domain/day-report.js';
import { isDay, wallTime } from '../../shared/domain/calendar-day.js';

export { isDay };
import { readJournalFile, localDay } from '../payments/journal-files.js';
import type { JournalEntry } from '../payments/journal-records.js';

const FILE_RE = /^(\d{4}-\d{2}-\d{2})\.jsonl$/;


export interface History {
  /** Last snapshot of every attempt created within the range, oldest first. */
  attempts: Attempt[];
  /** One line per unreadable record: which file, which line, why. */
  damaged: string[];
  /** Days in the range that have a journal file. */
  days: string[];
  /** Every record other than an attempt record (closings, notices, kinds to come) in the files read, in order. */
  others: { entry: JournalEntry; file: string; line: number }[];
}

async function dayFiles(dir: string): Promise<string[]> {
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw e;
  }
  return names.map((n) => FILE_RE.exec(n)?.[1]).filter((d): d is string => d !== undefined).sort();
}

/** `journalDir` is an environment's `journal/` folder; `zone` the register's time zone when it is not this process's. */
export async function readHistory(journalDir: string, range: DayRange, zone?: string): Promise<History> {
  if (!isDay(range.from) || !isDay(range.to)) throw new RangeError('days are written YYYY-MM-DD');
  if (range.from > range.to) throw new RangeError(`the range starts (${range.from}) after it ends (${range.to})`);
  const all = await dayFiles(journalDir);
  const latest = new Map<string, Attempt>();
  const damaged: string[] = [];
  const others: History['others'] = [];
  // Files are named by the register's own days, as the range is.
  for (const day of all.filter((d) => d >= range.from)) {
    const file = `${day}.jsonl`;
    const read = await readJournalFile(journalDir, file);
    damaged.push(...read.warnings);
    for (const { entry, record, line } of read.entries) {
      if (record) for (const a of record.attempts) latest.set(a.id, a);
      else others.push({ entry, file, line });
    }
  }
  const attempts = [...latest.values()]
    .filter((a) => {
      const day = zone ? wallTime(a.createdAt, zone).day : localDay(a.createdAt);
      return day >= range.from && day <= range.to;
    })
    .sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id));
  return { attempts, damaged, days: all.filter((d) => d >= range.from && d <= range.to), others };
}

export const journalDirOf = (environmentDir: string): string => join(environmentDir, 'journal');
