/** Daily journal files on disk: naming by local day, atomic creation, reading with warnings. */
import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import { syncDirectory } from '../fs/sync-directory.js';
import { decodeLine, type JournalEntry, type JournalRecord } from './journal-records.js';

const FILE_RE = /^(\d{4}-\d{2}-\d{2})\.jsonl$/;

/** Journal files are readable by their owner only, like the vault and the PIN file. */
export const JOURNAL_FILE_MODE = 0o600;

/** A day file is named after the local calendar day. */
export { localDay } from '../../shared/domain/calendar-day.js';

export const dayFileName = (day: string): string => `${day}.jsonl`;

/** Every day that has a journal file, newest first (empty for a fresh install). */
export async function daysNewestFirst(dir: string): Promise<string[]> {
  const names = await fs.readdir(dir);
  const days = names.map((name) => FILE_RE.exec(name)?.[1]).filter((d): d is string => d !== undefined);
  return days.sort().reverse();
}

/** Makes a new directory entry (file creation or rename) survive a power cut; the app's one rule per OS. */
export const fsyncDir = syncDirectory;

/** Creates `dir/name` with `content` all-or-nothing: a crash leaves either no file or the whole content. */
export async function writeFileAtomic(dir: string, name: string, content: string): Promise<void> {
  const tmp = join(dir, `.${name}.${process.pid}.tmp`);
  // Owner only: the journal names amounts, terminals and the merchant's metadata.
  const handle = await fs.open(tmp, 'w', JOURNAL_FILE_MODE);
  try {
    await handle.writeFile(content, 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
  await fs.rename(tmp, join(dir, name));
  await fsyncDir(dir);
}

export interface ReadResult {
  /** The attempt records, in order. */
  records: JournalRecord[];
  /** Every readable record, in order, with its line number; `record` is its attempt view, if it is an attempt record. */
  entries: { entry: JournalEntry; record: JournalRecord | null; line: number }[];
  warnings: string[];
  /** False when the last write was torn: the next append must start on a fresh line. */
  endsWithNewline: boolean;
}

export async function readJournalFile(dir: string, name: string): Promise<ReadResult> {
  const text = await fs.readFile(join(dir, name), 'utf8');
  const lines = text.split('\n');
  const endsWithNewline = text.length === 0 || text.endsWith('\n');
  if (endsWithNewline) lines.pop();
  const records: JournalRecord[] = [];
  const entries: ReadResult['entries'] = [];
  const warnings: string[] = [];
  lines.forEach((line, i) => {
    // Blank lines are the separators written after a failed append; nothing was lost there.
    if (line.trim() === '') return;
    const decoded = decodeLine(line);
    if (decoded.ok) {
      entries.push({ entry: decoded.entry, record: decoded.record, line: i + 1 });
      if (decoded.record) records.push(decoded.record);
    } else {
      const torn = i === lines.length - 1 && !endsWithNewline ? ' (last record, cut short: probably a power cut during a write)' : '';
      warnings.push(`journal ${name} line ${i + 1} ignored: ${decoded.reason}${torn}`);
    }
  });
  return { records, entries, warnings, endsWithNewline };
}
