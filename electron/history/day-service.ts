/**
 * The manager's view of past days and the act of closing one, over an environment's journal
 * folder. Reads are read-only (history, closings); the only writes are closings and
 * corrections, each refused with the reason when the day is not ready for it.
 */
import type { Attempt } from '../../shared/domain/attempt.js';
import {
  computeTotals, filterRows, toReportRow, type DayClosing, type DayCorrection, type DayRange, type HistoryQuery, type HistoryView, type ReportRow,
} from '../../shared/domain/day-report.js';
import { keepsDayOpen, wallAge } from '../../shared/domain/attempt-rules.js';
import { wallTime } from '../../shared/domain/calendar-day.js';
import { localDay } from '../payments/journal-files.js';
import { bodyOf, type JournalEntry } from '../payments/journal-records.js';
import { closingBody, closingOf, readLegacyClosings, type ClosingRecord } from './day-closings.js';
import { readHistory } from './journal-history.js';
import { foldRecords, type Refund, type Settlement } from '../../shared/domain/refunds.js';
import { foldedHistory } from './money-fold.js';
import { grandTotalOf, nextDayNumber, readClosingBook, signatureFor, signaturesIn } from './closing-book.js';
import { addToGrandTotal } from '../../shared/domain/money-figures.js';
import { SerialQueue } from '../fs/serial-queue.js';
import { personKey } from '../../shared/domain/record-by.js';
import { peopleOf, takingsByPerson } from '../../shared/domain/staff-figures.js';
import { NO_MARKS, shiftReport, type ShiftReport } from '../../shared/domain/shift-report.js';
import { shiftMarks } from './shift-marks.js';
import { whoOf, type RecordBy } from '../payments/journal-envelope.js';

/** Why an attempt keeps its day open (keepsDayOpen), its age read from the wall clock `now`. */
export const blocksClosing = (row: ReportRow, now: number): boolean => keepsDayOpen(row, wallAge(row, now));

/** Which refusal, so each language words it with its next step (by: who closed the day already). */
export type DayRefusalWhy = 'not_begun' | 'already_closed' | 'not_settled' | 'not_closed' | 'nothing_changed';

export class DayClosingRefused extends Error {
  constructor(message: string, readonly blockers: ReportRow[], readonly why: DayRefusalWhy, readonly by?: string) {
    super(message);
    this.name = 'DayClosingRefused';
  }
}

/** The whole store's days (store mode only), read from the store's tables, with every register's closings. */
export interface StoreDayPort {
  readDay(range: DayRange): Promise<{
    attempts: Attempt[]; damaged: string[]; registerNames: Record<string, string>; registerZones: Record<string, string>;
    closings: DayClosing[]; corrections: DayCorrection[]; chainForks?: HistoryView['chainForks'];
    /** Refunds recorded in the range; every refund of its payments; their hand settlements (refunds.ts). */
    refunds?: Refund[]; refundsOfPayments?: Refund[]; settlements?: Settlement[];
  }>;
  /** This register closed or corrected a day: the store should learn it (now, or when it is back). */
  closingsChanged(): void;
}

/** The whole store's view was asked for where there is no store: a register working alone. */
export class NoStoreConfigured extends Error {
  constructor() {
    super('this register works alone: there is no store to read');
    this.name = 'NoStoreConfigured';
  }
}

/** The register's one journal writer (the payment engine's): a closing takes the next number of the one chain. */
export interface RecordWriter {
  appendRecord(kind: string, body: unknown, by: RecordBy): Promise<JournalEntry>;
}

export interface DayServiceOptions {
  journalDir: string;
  records: RecordWriter;
  registerId: string;
  now: () => number;
  hourOf?: (ms: number) => number;
  /** Checks a range's day files again (closing, export); a break found is journaled and the manager told. */
  checkDays?: (range: DayRange) => Promise<unknown>;
  /** Store mode: this register's name and the store's days. */
  store?: { registerName: string; days: StoreDayPort } | null;
}

export class DayService {
  private readonly turns = new SerialQueue();

  constructor(private readonly o: DayServiceOptions) {}

  get options(): Readonly<DayServiceOptions> {
    return this.o;
  }

  get journalDir(): string {
    return this.o.journalDir;
  }

  async history(q: HistoryQuery): Promise<HistoryView> {
    if (q.scope === 'store') return this.storeHistory(q);
    return (await this.ownHistory(q)).view;
  }

  /** This register's journal: the view, and the records other than attempts it read (sign-ins, closings...). */
  private async ownHistory(q: HistoryQuery): Promise<{ view: HistoryView; others: JournalEntry[] }> {
    const [h, legacy] = await Promise.all([readHistory(this.o.journalDir, q), readLegacyClosings(this.o.journalDir)]);
    const signatures = signaturesIn(h.others.map((o) => o.entry));
    const chained = h.others.map((o) => closingOf(o.entry)).filter((r): r is ClosingRecord => r !== null)
      .map((r) => (r.kind === 'close' ? { ...r, signature: signatureFor(signatures, r.seq) } : r));
    const c = { records: [...legacy.records, ...chained], damaged: legacy.damaged };
    const chainBroken = brokenDays(h.others.map((o) => o.entry), q);
    const { rows: all, refunds } = foldedHistory(h, localDay, q);
    const inRange = (day: string) => day >= q.from && day <= q.to;
    const closings = c.records.filter((r): r is DayClosing => r.kind === 'close' && inRange(r.day));
    const corrections = c.records.filter((r): r is DayCorrection => r.kind === 'correction' && inRange(r.day));
    const registerNames = this.o.store ? { [this.o.registerId]: this.o.store.registerName } : {};
    const view = this.view(q, all, refunds, { scope: 'register', registerNames, registerZones: {}, damaged: [...h.damaged, ...c.damaged], closings, corrections, chainBroken });
    return { view, others: h.others.map((o) => o.entry) };
  }

  /**
   * Every register's payments as the store holds them, counted exactly as one register's are.
   * Each register closes its own day from its own journal, so this view closes nothing: it says,
   * register by register, who closed the day and what still keeps the others' open.
   */
  private async storeHistory(q: HistoryQuery): Promise<HistoryView> {
    if (!this.o.store) throw new NoStoreConfigured();
    const day = await this.o.store.days.readDay(q);
    const all = foldRecords(day.attempts.map(toReportRow), day.settlements ?? [], day.refundsOfPayments ?? []);
    const registerNames = { ...day.registerNames, [this.o.registerId]: this.o.store.registerName };
    return this.view(q, all, day.refunds ?? [], {
      scope: 'store', registerNames, registerZones: day.registerZones, damaged: day.damaged, closings: day.closings, corrections: day.corrections, chainBroken: [],
      chainForks: day.chainForks ?? [],
    });
  }

  private view(
    q: HistoryQuery, all: ReportRow[], refunds: Refund[], from: Pick<HistoryView, 'scope' | 'registerNames' | 'registerZones' | 'damaged' | 'closings' | 'corrections' | 'chainBroken' | 'chainForks'>,
  ): HistoryView {
    const rows = filterRows(all, q);
    const now = this.o.now();
    // A register's journal holds its own closings only; in the store's, each register's closing covers its own payments.
    const closedKey = from.scope === 'store' ? (registerId: string, day: string) => `${registerId}|${day}` : (_: string, day: string) => day;
    const closed = new Set(from.closings.map((c) => closedKey(c.registerId, c.day)));
    // A register filter counts that register's refunds only; the other filters narrow the rows, never the money given back.
    // A person filter counts the refunds that person recorded: their own figures (staff-figures.ts).
    const counted = refunds.filter((r) => (!q.registerId || r.registerId === q.registerId) && (!q.cashier || personKey(r.by) === q.cashier));
    return {
      from: q.from, to: q.to, ...from, rows, refunds: counted,
      totals: computeTotals(rows, this.o.hourOf, counted),
      // By the name people read ("Caisse 2" before "Caisse 10" is not promised: names sort as text).
      registers: [...new Set([...all.map((r) => r.registerId), ...Object.keys(from.registerNames)])]
        .sort((a, b) => (from.registerNames[a] ?? a).localeCompare(from.registerNames[b] ?? b) || a.localeCompare(b)),
      registersWithPayments: [...new Set(all.map((r) => r.registerId))].sort(),
      terminals: [...new Set(all.map((r) => r.terminalId))].sort(),
      people: peopleOf(all, refunds),
      changedAfterClosing: changedAfter(all, from.closings, from.corrections, closedKey, (row) => wallTime(row.createdAt, from.registerZones[row.registerId]).day),
      closeBlockers: q.from === q.to ? all.filter((r) => !closed.has(closedKey(r.registerId, q.from)) && blocksClosing(r, now)) : [],
    };
  }

  /** A person's shift summary (X report) for a day of this register's journal, its bounds from their sign-ins and sign-outs; today by default, whoever sold last by default. */
  async shift(day: string = localDay(this.o.now()), person?: string): Promise<ShiftReport> {
    const { view, others } = await this.ownHistory({ from: day, to: day });
    return shiftReport(view, person, person === undefined ? NO_MARKS : shiftMarks(others, person, day));
  }

  /** One closing at a time: each takes the next number of its series. */
  closingTurn<T>(task: () => Promise<T>): Promise<T> {
    return this.turns.run(task);
  }

  closeDay(day: string, who: RecordBy): Promise<DayClosing> {
    return this.closingTurn(() => this.closeDayNow(day, who));
  }

  private async closeDayNow(day: string, who: RecordBy): Promise<DayClosing> {
    const by = whoOf(who).by;
    const now = this.o.now();
    if (day > localDay(now)) throw new DayClosingRefused(`${day} has not begun yet.`, [], 'not_begun');
    // Never a refusal: a break is journaled and the day's report says so, the closing goes on.
    await this.checkChain({ from: day, to: day });
    const view = await this.history({ from: day, to: day });
    const done = view.closings.find((x) => x.day === day);
    if (done) throw new DayClosingRefused(`${day} was already closed by ${done.by}.`, [], 'already_closed', done.by);
    if (view.closeBlockers.length) {
      throw new DayClosingRefused(`${view.closeBlockers.length} payment(s) must be settled before ${day} can be closed.`, view.closeBlockers, 'not_settled');
    }
    const book = await readClosingBook(this.o.journalDir);
    const closing: DayClosing = {
      kind: 'close', day, at: now, by, registerId: this.o.registerId, totals: view.totals, attemptIds: view.rows.map((r) => r.attemptId),
      number: nextDayNumber(book), grandTotal: addToGrandTotal(grandTotalOf(book), view.totals),
      // Kept with the day's totals so the Z's takings by person reprint as first printed, whatever changes later.
      byPerson: takingsByPerson(view.rows, view.refunds),
    };
    const written = (await this.journal(closing, who)) as DayClosing;
    // As every later read gives it: with the signature made at the closing (null when none was).
    const back = (await this.history({ from: day, to: day })).closings.find((c) => c.seq !== undefined && c.seq === written.seq);
    return back ?? written;
  }

  /** The range's day files checked again (a day being closed, an export); a register working alone's own journal only. */
  async checkChain(range: DayRange): Promise<void> {
    await this.o.checkDays?.(range);
  }

  /** Accounts for what changed on a closed day since its closing, with the manager's note. */
  async correctDay(day: string, who: RecordBy, note: string): Promise<DayCorrection> {
    const by = whoOf(who).by;
    const view = await this.history({ from: day, to: day });
    if (!view.closings.some((x) => x.day === day)) throw new DayClosingRefused(`${day} is not closed: nothing to correct.`, [], 'not_closed');
    if (view.changedAfterClosing.length === 0) throw new DayClosingRefused(`Nothing on ${day} changed since it was closed.`, [], 'nothing_changed');
    const correction: DayCorrection = {
      kind: 'correction', day, at: this.o.now(), by, registerId: this.o.registerId, note, attemptIds: view.changedAfterClosing,
    };
    return (await this.journal(correction, who)) as DayCorrection;
  }

  /** Into the register's chain; what the journal holds (its time is the journal's) is what the caller gets back. */
  private async journal(record: ClosingRecord, who: RecordBy): Promise<ClosingRecord> {
    const { kind, body } = closingBody(record);
    const written = closingOf(await this.o.records.appendRecord(kind, body, who));
    if (!written) throw new Error(`the journal did not read the ${kind} back`);
    this.o.store?.days.closingsChanged();
    return written;
  }
}

/** The days in range that a break_noticed record names (it is written later than the day it names, in a file the range read). */
export function brokenDays(entries: readonly JournalEntry[], range: DayRange): string[] {
  const days = new Set<string>();
  for (const e of entries) for (const d of bodyOf(e, 'break_noticed')?.days ?? []) if (d >= range.from && d <= range.to) days.add(d);
  return [...days].sort();
}

function changedAfter(
  rows: readonly ReportRow[], closings: readonly DayClosing[], corrections: readonly DayCorrection[], keyOf: (registerId: string, day: string) => string,
  dayOf: (row: ReportRow) => string,
): string[] {
  const closedAt = new Map(closings.map((c) => [keyOf(c.registerId, c.day), c]));
  const changed: string[] = [];
  for (const row of rows) {
    const key = keyOf(row.registerId, dayOf(row));
    const closing = closedAt.get(key);
    if (!closing) continue;
    const lastTouch = Math.max(row.createdAt, row.updatedAt);
    const known = closing.attemptIds.includes(row.attemptId) && lastTouch <= closing.at;
    const corrected = corrections.some((c) => keyOf(c.registerId, c.day) === key && c.attemptIds.includes(row.attemptId) && c.at >= lastTouch);
    if (!known && !corrected) changed.push(row.attemptId);
  }
  return changed;
}
