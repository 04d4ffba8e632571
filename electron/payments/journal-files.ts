/** Daily journal files on disk: naming by local day, atomic creation, reading with warnings. */
import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import { syncDirectory } from '../fs/sync-directory.js';
import { decodeLine, type JournalRecord } from './journal-records.js';

const FILE_RE = /^(\d{4}-\d{2}-\d{2})\.jsonl$/;

/** Local calendar day "YYYY-MM-DD": the cashier's day, not UTC's. Sorts lexically by date. */
export function localDay(ms: number): string {
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

export const dayFileName = (day: string): string => `${day}.jsonl`;

/** The most recent day that has a journal file, or null for a fresh install. */
export async function newestDay(dir: string): Promise<string | null> {
  const names = await fs.readdir(dir);
  let newest: string | null = null;
  for (const name of names) {
    const day = FILE_RE.exec(name)?.[1];
    if (day && (newest === null || day > newest)) newest = day;
  }
  return newest;
}

/** Makes a new directory entry (file creation or rename) survive a power cut; the app's one rule per OS. */
export const fsyncDir = syncDirectory;

/** Creates `dir/name` with `content` all-or-nothing: a crash leaves either no file or the whole content. */
export async function writeFileAtomic(dir: string, name: string, content: string): Promise<void> {
  const tmp = join(dir, `.${name}.${process.pid}.tmp`);
  const handle = await fs.open(tmp, 'w');
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
  records: JournalRecord[];
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
  const warnings: string[] = [];
  lines.forEach((line, i) => {
    // Blank lines are the separators written after a failed append; nothing was lost there.
    if (line.trim() === '') return;
    const decoded = decodeLine(line);
    if (decoded.ok) records.push(decoded.record);
    else {
      const torn = i === lines.length - 1 && !endsWithNewline ? ' (last record, cut short: probably a power cut during a write)' : '';
      warnings.push(`journal ${name} line ${i + 1} ignored: ${decoded.reason}${torn}`);
    }
  });
  return { records, warnings, endsWithNewline };
}
