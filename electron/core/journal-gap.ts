/**
 * Notices a journal whose newest day file disappeared. The journal itself reads the newest file
 * it finds, so a deleted newest file silently turns the register back to an older day: its sales
 * vanish from the history and a payment still open in it is no longer watched. A small mark
 * beside the journal says which day file was newest and the sequence reached then; it is
 * rewritten only when a new day's file starts (not on every sale), and at start-up a mark
 * ahead of the journal found means files went missing. With a store, the store's copy of this
 * register's records says the same. Best effort: a register whose mark went too says nothing.
 */
import { access, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SetupNotice } from '../../shared/ipc/types.js';
import { writeFileAtomic } from '../fs/atomic-write.js';
import { dayFileName, daysNewestFirst, localDay } from '../payments/journal-files.js';
import type { Logger } from '../log.js';
import { journalFileMissing } from './setup-notices.js';

export const JOURNAL_MARK_FILE = 'journal-mark.json';

interface Mark {
  day: string;
  seq: number;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function parseMark(text: string): Mark | null {
  try {
    const doc = JSON.parse(text) as unknown;
    if (typeof doc !== 'object' || doc === null) return null;
    const { day, seq } = doc as Record<string, unknown>;
    return typeof day === 'string' && DAY.test(day) && Number.isSafeInteger(seq) && (seq as number) >= 0 ? { day, seq: seq as number } : null;
  } catch {
    return null;
  }
}


export class JournalGapWatch {
  private found: SetupNotice | null = null;
  /** The chain notice of the same start that already names this loss (the manager sees one notice, acknowledged once). */
  private covered: number | null = null;
  private writing: Promise<void> = Promise.resolve();

  private constructor(private readonly path: string, private readonly journalDir: string, private mark: Mark | null, private readonly logger?: Logger) {}

  /**
   * Compares the mark with the journal files, BEFORE the journal opens: restoring writes into
   * today's file at once and would hide the gap. The result is in notice().
   */
  static async open(envDataDir: string, logger?: Logger): Promise<JournalGapWatch> {
    const path = join(envDataDir, JOURNAL_MARK_FILE);
    const newest = (await daysNewestFirst(join(envDataDir, 'journal')).catch(() => []))[0] ?? null;
    const mark = parseMark(await readFile(path, 'utf8').catch(() => ''));
    const watch = new JournalGapWatch(path, join(envDataDir, 'journal'), mark, logger);
    const fileThere = mark !== null && (await access(join(watch.journalDir, dayFileName(mark.day))).then(() => true, () => false));
    if (mark && (!fileThere || newest === null || newest < mark.day)) {
      watch.report(mark.day, `the journal file of ${mark.day} is missing (its sequence had reached ${mark.seq}); the newest found is ${newest ?? 'none'}`);
    } else if (newest !== null && (!mark || newest > mark.day)) {
      // The mark names at least the newest file found: a first start, or a stop between a new day's file and
      // its mark, left it without one, and that file's later loss would go unseen. Its sequence is not known here.
      watch.mark = { day: newest, seq: 0 };
      await watch.write(watch.mark);
    }
    return watch;
  }

  /** What the manager must be told, or null. */
  notice(): SetupNotice | null {
    return this.found;
  }

  /** The chain check of the same start journaled this loss as break notice `seq`: the two are told as one. */
  coverWith(seq: number): void {
    if (this.found) this.covered = seq;
  }

  /**
   * The manager's notices about the journal, one per loss: the chain's open notices, the one that
   * names this lost file worded as the lost file (and acknowledged as a chain notice: once done,
   * neither shows again); the lost file alone when the chain check did not see it (its verified
   * point went too, or only the store shows it).
   */
  merge(chainNotices: readonly { seq: number; notice: SetupNotice }[]): SetupNotice[] {
    const gap = this.found;
    const out = chainNotices.map(({ seq, notice }) => (gap && seq === this.covered
      ? { ...gap, id: notice.id, params: { ...gap.params, seq: String(seq) }, detail: `${gap.detail}\n${notice.detail}` }
      : notice));
    if (gap && this.covered === null) out.push(gap);
    return out;
  }

  /** A record was committed at `at` with `seq`: a new day's file means a new mark. */
  committed(seq: number, at: number): void {
    const day = localDay(at);
    if (this.mark && this.mark.day >= day) return;
    this.mark = { day, seq };
    this.writing = this.writing.then(() => this.write({ day, seq }));
  }

  /** Resolves once the mark on disk says what was last committed (tests, shutdown). */
  settled(): Promise<void> {
    return this.writing;
  }

  /** The store holds records of this register beyond the journal's last sequence: files went missing. */
  storeAhead(storeSeq: number, localSeq: number): void {
    if (storeSeq > localSeq && !this.found) this.report(this.mark?.day ?? 'none', `the store holds this register's records up to ${storeSeq}; the journal ends at ${localSeq}`);
  }

  private report(day: string, detail: string): void {
    this.found = journalFileMissing(day, detail);
    this.logger?.error('journal files missing', { detail });
  }

  private async write(mark: Mark): Promise<void> {
    await writeFileAtomic(this.path, `${JSON.stringify(mark)}\n`).catch((e: unknown) =>
      this.logger?.warn('journal mark not written', { error: e instanceof Error ? e.message : String(e) }));
  }
}
