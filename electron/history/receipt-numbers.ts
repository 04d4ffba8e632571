/**
 * Verify's part for receipt numbers: every number a receipt or a refund's receipt gave out must
 * appear once in the chain, and none may be missing below the highest. The ledger numbers from
 * the journal, so a repeated number means a receipt record was copied or edited (or a checkpoint
 * edited before it was checked), and a gap means one was removed: either would put two printed
 * receipts under one number, or leave a number nobody can account for.
 */
import type { ChainBreak } from '../payments/record-bodies.js';
import { decodeLine, numberOf } from '../payments/journal-records.js';

interface Place { file: string; line: number }

/** At most this many missing numbers are named one by one; a longer gap is said as a range. */
const NAMED = 10;

export class ReceiptNumbers {
  private readonly seen = new Map<number, Place>();
  private readonly breaks: ChainBreak[] = [];
  private highest: Place & { number: number } | null = null;

  /** A journal line holding a receipt kind; a line that does not read is the chain check's to report. */
  line(text: string, at: Place): void {
    const decoded = decodeLine(text);
    const number = decoded.ok ? numberOf(decoded.entry) : null;
    if (number === null) return;
    const first = this.seen.get(number);
    if (first) {
      this.breaks.push({ ...at, what: `receipt number ${number} given twice: it was given before at ${first.file} line ${first.line}` });
      return;
    }
    this.seen.set(number, at);
    if (number > (this.highest?.number ?? 0)) this.highest = { ...at, number };
  }

  /** The repeats, and the numbers missing below the highest (said at the highest's record). */
  end(): ChainBreak[] {
    const top = this.highest;
    if (!top) return this.breaks;
    const missing: number[] = [];
    for (let n = 1; n < top.number; n++) if (!this.seen.has(n)) missing.push(n);
    if (missing.length === 0) return this.breaks;
    const listed = missing.length <= NAMED ? missing.join(', ') : `${missing.slice(0, NAMED).join(', ')} and ${missing.length - NAMED} more`;
    return [...this.breaks, { file: top.file, line: top.line, what: `missing receipt number(s) ${listed}: the journal gives out up to number ${top.number}, a receipt record was removed` }];
  }
}
