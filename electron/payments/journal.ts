/**
 * The durable, append-only journal of attempts, one file per local day in
 * `${dataDir}/journal/YYYY-MM-DD.jsonl`.
 *
 * Start-up reads ONLY the newest file that holds a readable record (journal-load.ts; an empty file, or one
 * dated in the future by a clock that was wrong for a while, is skipped with a warning:
 * every file this journal creates starts with a carry record, so an empty one was never
 * the journal's last word). That is enough because of carry-forward:
 * the first write of a new day creates the day's file atomically (temp file,
 * fsync, rename, fsync dir) with a leading `carry` record holding a snapshot of
 * every attempt that is still open (plus its sale's siblings). So the newest
 * file always knows every attempt the engine still has to act on, and start-up
 * cost is one day of records however long the history grows. Older files stay
 * untouched as the audit trail.
 *
 * Each append is first read back from its own bytes (or vouched for by exact-record.ts): a
 * record that would not decode to exactly what was asked (a Date in metadata, an undefined
 * field) is refused before anything reaches the disk, because an attempt that cannot be
 * read back is lost at the next start. Then it is written (synchronously: a small write to
 * the page cache) and fdatasync'd (on the thread pool) before the caller continues.
 *
 * Every record, whatever its kind, is written in one envelope (journal-envelope.ts): the
 * register's running sequence number (+1 per record across day files and kinds), who did it,
 * when, and the SHA-256 of the previous record's exact bytes, so one record changed, removed
 * or moved between two the journal still holds is seen (history/chain-check.ts). Attempt
 * records go through append(), on the cashier's critical path; every other kind through
 * appendRecord(). A journal written before the chain is taken over at open (journal-takeover.ts).
 * Files are created owner-only (0600). The file
 * never rolls back to an earlier day (a clock set back would otherwise write
 * into a file start-up no longer reads).
 */
import { promises as fs, writeSync, type promises as fsp } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Attempt } from '../../shared/domain/attempt.js';
import { GENESIS } from './journal-envelope.js';
import { dayFileName, fsyncDir, JOURNAL_FILE_MODE, localDay, writeFileAtomic } from './journal-files.js';
import { loadNewest } from './journal-load.js';
import type { JournalRecord, RecordKind } from './journal-records.js';
import type { AppendResult, ChainTip, LoadedJournal, WhileSyncing } from './journal-types.js';
import { sealAttempts, sealBody, UnreadableRecordError, type Sealed } from './journal-readback.js';
import { takeoverBody } from './journal-takeover.js';
import type { RecordBy } from './journal-envelope.js';

export { UnreadableRecordError };

export type { AppendResult, ChainTip, LoadedJournal, WhileSyncing } from './journal-types.js';

export class Journal {
  private handle: fsp.FileHandle | null = null;
  private tail: Promise<unknown> = Promise.resolve();
  /** Appends started and not yet settled: they run one after the other, in order. */
  private pending = 0;
  /** The open day file and its length in bytes, so a record that failed can be cut off again. */
  private path = '';
  private size = 0;

  private constructor(
    readonly dir: string,
    private day: string | null,
    /** The file ends in a torn record: the next append starts on a fresh line. */
    private needsNewline: boolean,
    private lastSeq: number,
    /** The hash of the last record on disk: the next record's prev. */
    private lastHash: string,
  ) {}

  static async open(dataDir: string, now: () => number = Date.now): Promise<LoadedJournal> {
    const dir = join(dataDir, 'journal');
    const created = await fs.mkdir(dir, { recursive: true });
    if (created !== undefined) await fsyncDir(dirname(dir));
    const loaded = await loadNewest(dir);
    if (loaded.newest) {
      const { day, lastSeq, lastHash, endsWithNewline, chained } = loaded.newest;
      const journal = new Journal(dir, day, !endsWithNewline, lastSeq, lastHash);
      // Written before the chain: the first chained record vouches for every byte written so far.
      const takenOver = chained ? null : (await journal.takeOver(await takeoverBody(dir), now())).entry;
      return { journal, attempts: loaded.attempts, warnings: loaded.warnings, day, lastSeq: journal.lastSeq, others: loaded.others, takenOver };
    }
    const { warnings } = loaded;
    const journal = new Journal(dir, null, false, 0, GENESIS);
    return { journal, attempts: new Map(), warnings, day: null, lastSeq: 0, others: [], takenOver: null };
  }

  /** The day of the file appends currently go to. */
  currentDay(): string | null {
    return this.day;
  }

  /** The last record written: where a check of the chain stops. */
  tip(): ChainTip {
    return { seq: this.lastSeq, hash: this.lastHash, day: this.day };
  }

  /**
   * Appends one attempt record and fsyncs it. `carry` is asked for the open attempts
   * only when this append starts a new day's file. Resolves `rolled: true` then.
   * `whileSyncing` runs once the record is written and its fsync is under way (the disk works, the
   * thread is free). It gets `durable`, which resolves the moment the fsync succeeds (before this
   * append resolves) and rejects if it fails: what must wait for the record waits for that.
   */
  append(kind: RecordKind, at: number, attempts: Attempt[], carry: () => Attempt[], whileSyncing?: WhileSyncing, by: RecordBy = ''): Promise<AppendResult> {
    return this.queue(() => this.appendNow(at, (seq, prev) => sealAttempts({ seq, prev, kind, at, by }, attempts), carry, whileSyncing));
  }

  /**
   * The one entry point for every other kind of record (closings, notices, and the kinds to come):
   * `body` is the kind's JSON object, `by` who did it. Same sequence, same chain, same fsync.
   */
  appendRecord(kind: string, body: unknown, by: RecordBy, at: number, carry: () => Attempt[]): Promise<AppendResult> {
    return this.queue(() => this.appendNow(at, (seq, prev) => sealBody({ seq, prev, kind, at, by }, body), carry));
  }

  /** The takeover goes into the file it vouches for, whatever the day: a new day's carry would need the engine's open attempts. */
  private takeOver(body: unknown, at: number): Promise<AppendResult> {
    return this.alone((_, append) => append('takeover', body, 'counterpay', at));
  }

  async close(): Promise<void> {
    await this.tail;
    const h = this.handle;
    this.handle = null;
    await h?.close();
  }

  /**
   * Runs `fn` while no other append runs (the chain's check at start-up): it sees the tip as it
   * stands, and may append through `append`, which writes into the current file whatever the day.
   */
  alone<T>(fn: (tip: ChainTip, append: (kind: string, body: unknown, by: RecordBy, at: number) => Promise<AppendResult>) => Promise<T>): Promise<T> {
    return this.queue(() => fn(this.tip(), (kind, body, by, at) =>
      this.appendNow(at, (seq, prev) => sealBody({ seq, prev, kind, at, by }, body), () => [], undefined, false)));
  }

  private queue<T>(start: () => Promise<T>): Promise<T> {
    // The new tail is in place, and the append counted, before it starts: one made from inside its
    // whileSyncing queues behind it. With none in progress it starts in this turn, without a wait.
    const previous = this.tail;
    let settled!: () => void;
    this.tail = new Promise<void>((resolve) => (settled = resolve));
    const run = this.pending++ === 0 ? start() : previous.then(start);
    const done = (): void => {
      this.pending--;
      settled();
    };
    run.then(done, done);
    return run;
  }

  private async appendNow(
    at: number, seal: (seq: number, prev: string) => Sealed, carry: () => Attempt[], whileSyncing?: WhileSyncing, mayRoll = true,
  ): Promise<AppendResult> {
    // Sealed first: a record that would not read back is refused before a new day's file exists.
    let sealed = seal(this.lastSeq + 1, this.lastHash);
    const day = localDay(at);
    const records: JournalRecord[] = [];
    const rolled = this.day === null || (mayRoll && day > this.day);
    if (rolled) {
      records.push(await this.startDay(day, at, carry()));
      sealed = seal(this.lastSeq + 1, this.lastHash);
    }
    const handle = this.handle ?? (await this.openHandle(day));
    const bytes = Buffer.from(`${this.needsNewline ? '\n' : ''}${sealed.line}\n`, 'utf8');
    const sizeBefore = this.size;
    let callbackError: { error: unknown } | null = null;
    try {
      // Written from this thread: a record is a few hundred bytes for the page cache, and handing that to the
      // thread pool costs more than the write. The fsync, which waits for the disk, stays off this thread.
      writeAll(handle.fd, bytes);
      const synced = handle.datasync();
      try {
        whileSyncing?.(synced);
      } catch (error) {
        // Not a failed append: the record is written and its fsync runs. Handed back below.
        callbackError = { error };
      }
      await synced;
      this.size = sizeBefore + bytes.length;
      this.needsNewline = false;
    } catch (e) {
      await this.cutBack(handle, sizeBefore);
      throw e;
    }
    this.lastSeq = sealed.entry.seq ?? this.lastSeq + 1;
    this.lastHash = sealed.hash;
    if (sealed.record) records.push(sealed.record);
    return { rolled, records, entry: sealed.entry, ...(callbackError ? { whileSyncingError: callbackError.error } : {}) };
  }

  private async openHandle(day: string): Promise<fsp.FileHandle> {
    this.path = join(this.dir, dayFileName(this.day ?? day));
    const handle = await fs.open(this.path, 'a', JOURNAL_FILE_MODE);
    this.size = (await handle.stat()).size;
    return (this.handle = handle);
  }

  /**
   * A record whose write or fsync failed was refused to its caller ("nothing was sent"), so it must not
   * be read at the next start, where its attempt would be resent: the file is cut back to where it ended.
   * If even that fails, part of the line may stay, and whatever comes next starts on a line of its own.
   */
  private async cutBack(handle: fsp.FileHandle, size: number): Promise<void> {
    try {
      // By path: Windows lets a handle opened for appending add bytes, never cut them.
      await fs.truncate(this.path, size);
      await handle.datasync();
      this.size = size;
    } catch {
      this.needsNewline = true;
      this.size = (await handle.stat().catch(() => null))?.size ?? size;
    }
  }

  /** A new day's file starts with the carry record, chained on, naming the file before it. */
  private async startDay(day: string, at: number, carried: Attempt[]): Promise<JournalRecord> {
    const sealed = sealAttempts({ seq: this.lastSeq + 1, prev: this.lastHash, kind: 'carry', at, by: 'counterpay' }, carried, this.day);
    const previous = this.handle;
    this.handle = null;
    await previous?.close();
    await writeFileAtomic(this.dir, dayFileName(day), `${sealed.line}\n`);
    this.day = day;
    this.needsNewline = false;
    this.lastSeq = sealed.entry.seq ?? this.lastSeq + 1;
    this.lastHash = sealed.hash;
    return sealed.record as JournalRecord;
  }
}

/** The whole buffer, however many writes the OS takes for it (the file is opened for appending). */
function writeAll(fd: number, bytes: Buffer): void {
  for (let done = 0; done < bytes.length; ) done += writeSync(fd, bytes, done, bytes.length - done);
}
