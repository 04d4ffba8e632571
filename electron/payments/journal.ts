/**
 * The durable, append-only journal of attempts, one file per local day in
 * `${dataDir}/journal/YYYY-MM-DD.jsonl`.
 *
 * Start-up reads ONLY the newest file. That is enough because of carry-forward:
 * the first write of a new day creates the day's file atomically (temp file,
 * fsync, rename, fsync dir) with a leading `carry` record holding a snapshot of
 * every attempt that is still open (plus its sale's siblings). So the newest
 * file always knows every attempt the engine still has to act on, and start-up
 * cost is one day of records however long the history grows. Older files stay
 * untouched as the audit trail.
 *
 * Each append is written then fdatasync'd before the caller continues. The file
 * never rolls back to an earlier day (a clock set back would otherwise write
 * into a file start-up no longer reads).
 */
import { promises as fs, type promises as fsp } from 'node:fs';
import { dirname, join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import type { Attempt } from '../../shared/domain/attempt.js';
import { IMMUTABLE_FIELDS } from './attempt-states.js';
import { dayFileName, fsyncDir, localDay, newestDay, readJournalFile, writeFileAtomic } from './journal-files.js';
import { encodeRecord, RECORD_VERSION, type JournalRecord, type RecordKind } from './journal-records.js';

export interface LoadedJournal {
  journal: Journal;
  /** Latest snapshot of every attempt in the newest file. */
  attempts: Map<string, Attempt>;
  /** Records that could not be read (reported to the cashier, never fatal). */
  warnings: string[];
  /** The day of the file that was read, if any. */
  day: string | null;
}

export class Journal {
  private handle: fsp.FileHandle | null = null;
  private tail: Promise<unknown> = Promise.resolve();

  private constructor(
    readonly dir: string,
    private day: string | null,
    /** The file ends in a torn record: the next append starts on a fresh line. */
    private needsNewline: boolean,
  ) {}

  static async open(dataDir: string): Promise<LoadedJournal> {
    const dir = join(dataDir, 'journal');
    const created = await fs.mkdir(dir, { recursive: true });
    if (created !== undefined) await fsyncDir(dirname(dir));
    const day = await newestDay(dir);
    const attempts = new Map<string, Attempt>();
    if (day === null) return { journal: new Journal(dir, null, false), attempts, warnings: [], day };
    const read = await readJournalFile(dir, dayFileName(day));
    const warnings = [...read.warnings];
    for (const record of read.records) {
      const clash = creationClash(attempts, record);
      // Skipped whole: a record changes its attempts together (a retry) or not at all.
      if (clash) warnings.push(`journal ${dayFileName(day)} record of ${new Date(record.at).toISOString()} ignored: ${clash}`);
      else for (const a of record.attempts) attempts.set(a.id, a);
    }
    return { journal: new Journal(dir, day, !read.endsWithNewline), attempts, warnings, day };
  }

  /** The day of the file appends currently go to. */
  currentDay(): string | null {
    return this.day;
  }

  /**
   * Appends one record and fsyncs it. `carry` is asked for the open attempts
   * only when this append starts a new day's file. Resolves `rolled: true` then.
   */
  append(kind: RecordKind, at: number, attempts: Attempt[], carry: () => Attempt[]): Promise<{ rolled: boolean }> {
    const run = this.tail.then(() => this.appendNow(kind, at, attempts, carry));
    this.tail = run.catch(() => undefined);
    return run;
  }

  async close(): Promise<void> {
    await this.tail;
    const h = this.handle;
    this.handle = null;
    await h?.close();
  }

  private async appendNow(kind: RecordKind, at: number, attempts: Attempt[], carry: () => Attempt[]): Promise<{ rolled: boolean }> {
    const day = localDay(at);
    let rolled = false;
    if (this.day === null || day > this.day) {
      await this.startDay(day, at, carry());
      rolled = true;
    }
    const handle = (this.handle ??= await fs.open(join(this.dir, dayFileName(this.day ?? day)), 'a'));
    const line = `${this.needsNewline ? '\n' : ''}${encodeRecord({ v: RECORD_VERSION, kind, at, attempts })}\n`;
    try {
      await handle.appendFile(line, 'utf8');
      await handle.datasync();
      this.needsNewline = false;
    } catch (e) {
      // Part of the line may be on disk; whatever comes next must not be glued to it.
      this.needsNewline = true;
      throw e;
    }
    return { rolled };
  }

  private async startDay(day: string, at: number, carried: Attempt[]): Promise<void> {
    const previous = this.handle;
    this.handle = null;
    await previous?.close();
    await writeFileAtomic(this.dir, dayFileName(day), `${encodeRecord({ v: RECORD_VERSION, kind: 'carry', at, attempts: carried })}\n`);
    this.day = day;
    this.needsNewline = false;
  }
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
