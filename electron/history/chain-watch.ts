/**
 * The app's own check of the chain. At start-up it checks what was written since the last
 * verified point; a break never stops the till: it is journaled as a `break_noticed` record
 * naming what was found (the chain goes on from there), and the manager sees a notice until
 * they acknowledge it (a `break_acknowledged` record). The days a break touches are marked in
 * their Z report and exports (day-service.ts reads the notices back from the journal).
 */
import { promises as fs } from 'node:fs';
import type { RecordBy } from '../payments/journal-envelope.js';
import { join } from 'node:path';
import type { AppendResult, ChainTip } from '../payments/journal.js';
import { dayFileName } from '../payments/journal-files.js';
import type { ChainBreak } from '../payments/record-bodies.js';
import { checkDays, checkJournal, type VerifiedPoint } from './journal-verify.js';
import type { DayRange } from '../../shared/domain/day-report.js';
import type { JournalEntry } from '../payments/journal-records.js';
import { readVerifiedState, writeVerifiedState, type OpenNotice, type VerifiedState } from './verified-point.js';

/** The journal's exclusive access (Journal.alone, through the engine). */
export type JournalAlone = <T>(fn: (tip: ChainTip, append: (kind: string, body: unknown, by: string, at: number) => Promise<AppendResult>) => Promise<T>) => Promise<T>;

/** One line per break, for the technical details and the log. */
export const breakLines = (breaks: readonly ChainBreak[]): string => breaks.map((b) => `${b.file}${b.line ? ` line ${b.line}` : ''}: ${b.what}`).join('\n');

export class ChainWatch {
  private state: VerifiedState = { point: null, notices: [], known: [] };

  constructor(private readonly journalDir: string, private readonly alone: JournalAlone, private readonly now: () => number) {}

  /** Breaks no manager has acknowledged yet, oldest first. */
  open(): OpenNotice[] {
    return [...this.state.notices];
  }

  /** Checks what was written since the last verified point; journals and returns the notice when something is wrong. */
  async atStart(): Promise<OpenNotice | null> {
    return this.alone(async (tip, append) => {
      this.state = await readVerifiedState(this.journalDir);
      if (tip.day === null) return null;
      const from = await this.usable(this.state.point, tip);
      const check = await checkJournal(this.journalDir, from, this.state.point);
      let notice: OpenNotice | null = null;
      let last: { seq: number; hash: string } = tip;
      if (check.breaks.length > 0) {
        const body = { breaks: check.breaks, checkedFrom: from?.seq ?? 0, days: check.days };
        const { entry } = await append('break_noticed', body, 'counterpay', this.now());
        notice = this.noticed(entry, check.breaks, check.days);
        last = { seq: notice.seq, hash: entry.hash };
      }
      this.state.point = await this.pointAtEnd(tip.day, last);
      await writeVerifiedState(this.journalDir, this.state);
      return notice;
    });
  }

  /**
   * Closing a day, exporting a range: its day files are checked again, whole (an edit made while the
   * app ran is after the start-up check). A break not journaled yet is, and the manager is told.
   */
  async checkRange(range: DayRange, append: (kind: string, body: unknown, by: string) => Promise<JournalEntry>): Promise<OpenNotice | null> {
    const check = await checkDays(this.journalDir, range);
    const fresh = check.breaks.filter((b) => !this.state.known.includes(breakLines([b])));
    if (fresh.length === 0) return null;
    const entry = await append('break_noticed', { breaks: fresh, checkedFrom: 0, days: check.days }, 'counterpay');
    const notice = this.noticed(entry, fresh, check.days);
    await writeVerifiedState(this.journalDir, this.state);
    return notice;
  }

  private noticed(entry: JournalEntry, breaks: ChainBreak[], days: string[]): OpenNotice {
    const notice = { seq: entry.seq ?? 0, at: entry.at, breaks: breaks.length, days, detail: breakLines(breaks) };
    this.state.notices.push(notice);
    this.state.known.push(...breaks.map((b) => breakLines([b])));
    return notice;
  }

  /** A manager has seen the notice: journaled, and it leaves the screen. */
  async acknowledge(seq: number, by: RecordBy, append: (kind: string, body: unknown, by: RecordBy) => Promise<unknown>): Promise<boolean> {
    if (!this.state.notices.some((n) => n.seq === seq)) return false;
    await append('break_acknowledged', { noticeSeq: seq }, by);
    this.state.notices = this.state.notices.filter((n) => n.seq !== seq);
    await writeVerifiedState(this.journalDir, this.state);
    return true;
  }

  /** The point, if the file it names still holds at least that many bytes and the journal got that far; else a full check. */
  private async usable(point: VerifiedPoint | null, tip: ChainTip): Promise<VerifiedPoint | null> {
    if (!point || point.seq > tip.seq) return null;
    const size = await fs.stat(join(this.journalDir, point.file)).then((s) => s.size, () => -1);
    return size >= point.offset ? point : null;
  }

  /** Where the next start-up check begins: just after the last record of the current day file. */
  private async pointAtEnd(day: string, last: { seq: number; hash: string }): Promise<VerifiedPoint> {
    const file = dayFileName(day);
    const bytes = await fs.readFile(join(this.journalDir, file));
    let lines = 0;
    for (let i = bytes.indexOf(10); i >= 0; i = bytes.indexOf(10, i + 1)) lines++;
    return { seq: last.seq, hash: last.hash, file, line: lines, offset: bytes.length };
  }
}
