/**
 * Checks the journal's chain line by line, without parsing a record's body: each line's own
 * checksum, then its `seq` and `prev` read by one anchored match (journal-envelope.ts). Fed the
 * lines of the day files in order, it names every break with its file and line:
 *  - edited record: a line that no longer reads, or a record whose bytes no longer hash to what
 *    the next record holds as its `prev`;
 *  - missing record(s): numbers never seen (a whole day file when a carry's `previousDay` says so);
 *  - records out of order, or one number twice (a record inserted or copied).
 * A line that is the start of a record cut short, followed by a record that links to the one
 * before it, is a write a crash tore: noted, not called tampering.
 */
import { GENESIS, linkOf, unseal } from '../payments/journal-envelope.js';
import type { ChainBreak } from '../payments/record-bodies.js';

/** Where a check may start instead of the beginning: a record known good (the last verified point). */
export interface ChainPoint { seq: number; hash: string }

/** Enough to check `prev` of a record out of place; a year of records is not kept in memory. */
const RECENT = 4096;
/** How every line starts; X is a hex digit of the checksum. A line cut short is a prefix of it, or starts with it. */
const FRAME = '{"sum":"XXXXXXXXXXXXXXXX","rec":{';

interface Place { file: string; line: number }
interface Pending extends Place { reason: string; text: string }

export class ChainChecker {
  readonly breaks: ChainBreak[] = [];
  readonly notes: string[] = [];
  records = 0;
  /** The first chained record seen (its seq), and where the chain stands. */
  firstSeq: number | null = null;
  private maxSeq: number;
  private tipHash: string;
  private tipPlace: Place | null = null;
  private readonly hashes = new Map<number, { hash: string; at: Place }>();
  private readonly seen = new Set<number>();
  private gaps: { from: number; to: number; at: Place; file: string | null }[] = [];
  private pending: Pending[] = [];
  private lastLine: Pending | null = null;
  private started: boolean;
  private fileDay: { day: string; previous: string | null; first: boolean } | null = null;

  constructor(from: ChainPoint | null, private readonly onTakeover: (raw: string, at: Place) => void = () => undefined) {
    this.maxSeq = from?.seq ?? 0;
    this.tipHash = from?.hash ?? GENESIS;
    this.started = from !== null;
    if (from) this.remember(from.seq, from.hash, { file: '(last verified point)', line: 0 });
  }

  /** The next lines are a new day file's; `previous` is the day file read before it (null: none). */
  startFile(day: string, previous: string | null): void {
    this.fileDay = { day, previous, first: true };
  }

  /** The last record that counted: where the next check may start. */
  tip(): (ChainPoint & Place) | null {
    return this.tipPlace ? { seq: this.maxSeq, hash: this.tipHash, ...this.tipPlace } : null;
  }

  line(file: string, line: number, text: string): void {
    if (text.trim() === '') return; // the separator written after a failed append
    const sealed = unseal(text);
    if (!sealed.ok) {
      this.pending.push((this.lastLine = { file, line, reason: sealed.reason, text }));
      return;
    }
    this.lastLine = null;
    const at = { file, line };
    const link = linkOf(sealed.raw);
    if (!link) {
      // A version 1 record: the takeover's file hashes vouch for those written before the chain.
      if (this.started || !sealed.raw.startsWith('{"v":1,')) {
        this.settlePending(false, at, null);
        this.fail(at, 'edited record: a record without its chain link where the chain has begun');
      }
      return;
    }
    this.records++;
    const linksBack = this.hashes.get(link.seq - 1)?.hash === link.prev || (link.seq === 1 && link.prev === GENESIS) || (!this.started && link.kind === 'takeover');
    this.settlePending(linksBack && link.seq === this.maxSeq + 1, at, link.seq);
    if (!this.started) {
      this.started = true;
      this.firstSeq = link.seq;
      if (link.kind === 'takeover') this.onTakeover(sealed.raw, at);
      else if (link.seq !== 1 || link.prev !== GENESIS) this.fail(at, `missing record(s): the journal starts at record ${link.seq}; records 1–${link.seq - 1} (an older day file) are not here`);
    } else if (this.seen.has(link.seq)) {
      this.fail(at, `record ${link.seq} appears twice (also ${where(this.hashes.get(link.seq)?.at)}): one was inserted or copied`);
    } else if (link.seq < this.maxSeq) {
      this.fail(at, `records out of order: record ${link.seq} stands after record ${this.maxSeq}`);
    } else {
      if (link.seq > this.maxSeq + 1) this.gaps.push({ from: this.maxSeq + 1, to: link.seq - 1, at, file: this.missingDay(sealed.raw) });
      const before = this.hashes.get(link.seq - 1);
      if (before && before.hash !== link.prev) this.fail(before.at, `edited record: record ${link.seq - 1} no longer matches what record ${link.seq} (${where(at)}) holds of it`);
    }
    if (this.fileDay) this.fileDay.first = false;
    this.remember(link.seq, sealed.hash, at);
    if (link.seq > this.maxSeq) {
      this.maxSeq = link.seq;
      this.tipHash = sealed.hash;
      this.tipPlace = at;
    }
  }

  /** The hash the chain holds for a recent record (signatures check the head they signed against it). */
  hashOf(seq: number): string | undefined {
    return this.hashes.get(seq)?.hash;
  }

  /** After the last line of the last file (`endsWithNewline`: that file's last byte): what was still undecided is decided. */
  end(endsWithNewline: boolean): ChainBreak[] {
    const last = this.pending.at(-1);
    // Only the very last line may be a record cut short with nothing after it, and then the newline written with it is missing too.
    if (last && !endsWithNewline && last === this.lastLine && isTorn(last.text)) {
      this.pending.pop();
      this.notes.push(`${where(last)}: the last record was cut short (a crash during a write); nothing after it is missing`);
    }
    this.settlePending(false, null, null);
    for (const g of this.gaps) {
      const missing: number[] = [];
      for (let s = g.from; s <= g.to; s++) if (!this.seen.has(s)) missing.push(s);
      if (missing.length === 0) continue;
      const range = missing.length === 1 ? `record ${missing[0]}` : `records ${missing[0]}–${missing.at(-1)}`;
      this.fail(g.at, g.file ? `missing day file: ${g.file} is gone (${range})` : `missing record(s): ${range} are not here`);
    }
    this.gaps = [];
    return this.breaks;
  }

  /** Unreadable lines before a record: torn writes when the record links on cleanly, edits otherwise. */
  private settlePending(linksOn: boolean, at: Place | null, seq: number | null): void {
    if (this.pending.length === 0) return;
    const torn = linksOn && this.pending.every((p) => isTorn(p.text, seq));
    for (const p of this.pending) {
      if (torn) this.notes.push(`${where(p)}: a record cut short by a crash; the chain goes on after it, nothing is missing`);
      else this.fail(p, `edited record: the line no longer reads (${p.reason})`);
    }
    // Each edited line stood for one record: that number is accounted for, not missing as well.
    if (!torn && at && seq !== null) this.maxSeq = Math.max(this.maxSeq, Math.min(seq - 1, this.maxSeq + this.pending.length));
    this.pending = [];
  }

  /** A carry opens each day file and names the one before it: a different one means a day file is gone. */
  private missingDay(raw: string): string | null {
    if (!this.fileDay?.first) return null;
    const named = /"previousDay":"(\d{4}-\d{2}-\d{2})"\}\}$/.exec(raw)?.[1];
    return named && named !== this.fileDay.previous ? `${named}.jsonl` : null;
  }

  private remember(seq: number, hash: string, at: Place): void {
    this.seen.add(seq);
    this.hashes.set(seq, { hash, at });
    if (this.hashes.size > RECENT) this.hashes.delete(this.hashes.keys().next().value as number);
  }

  private fail(at: Place, what: string): void {
    this.breaks.push({ file: at.file, line: at.line, what });
  }
}

const where = (p: Place | undefined): string => (p ? `${p.file} line ${p.line}` : 'elsewhere');

/** The start of a line the journal writes, cut short: `seq`, when it got that far, is the record that was written next. */
function isTorn(text: string, nextSeq: number | null = null): boolean {
  // A cut-short record is never whole JSON: the brace that closes the line is its last byte.
  if (text.endsWith('}') && isJson(text)) return false;
  for (let i = 0; i < Math.min(text.length, FRAME.length); i++) {
    const c = text.charAt(i);
    if (FRAME[i] === 'X' ? !/[0-9a-f]/.test(c) : c !== FRAME[i]) return false;
  }
  const seq = /"seq":(\d+),/.exec(text)?.[1];
  return seq === undefined || nextSeq === null || Number(seq) === nextSeq;
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
