/**
 * Verifying a year of a busy register (365 day files × 500 sales, a create and an update
 * record each) against plain SHA-256 over the same bytes, in the same run: the chain check
 * costs reading the lines, one hash per record and an anchored match for seq and prev, never
 * parsing a body. Signed, the journal also holds a closing each day and a signed head every 100
 * records and after each closing, as the app writes them; the baseline then adds one Ed25519
 * verification per signature over the same signed texts, and the same year is archived and the
 * archive checked, with the most memory the writer held. The journal is written straight to the
 * files (no fsync: only reading is timed).
 */
import { readFile, readdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createHash, verify } from 'node:crypto';
import { writeBusyJournal } from './bench-journal.js';
import { writeArchive } from '../electron/archive/archive-write.js';
import { checkArchive } from '../electron/archive/archive-verify.js';
import { checkJournal } from '../electron/history/journal-verify.js';
import { collect } from './bench-gc.js';

const T0 = Date.UTC(2025, 0, 1, 9);

export interface VerifyBench {
  records: number; bytes: number; verifyMs: number; sha256Ms: number; intact: boolean;
  /** Signed only: signatures checked, and the year archived (writing) and its archive checked. */
  signatures: number; archive: { bytes: number; writeMs: number; held: { heap: number; buffers: number }; checkMs: number; intact: boolean } | null;
}

export async function benchVerify(dir: string, days: number, salesPerDay: number, signed = false): Promise<VerifyBench> {
  const journalDir = join(dir, 'journal');
  const { publicKey, heads, firstDay, lastDay } = writeBusyJournal(journalDir, days, salesPerDay, signed, T0);
  // The plain hash first and then the check, twice each, the second pair timed: both read from a warm page cache.
  const sha = async () => {
    let bytes = 0;
    for (const name of (await readdir(journalDir)).filter((n) => n.endsWith('.jsonl')).sort()) {
      const buf = await readFile(join(journalDir, name));
      bytes += buf.length;
      for (let s = 0, nl = buf.indexOf(10); nl >= 0; s = nl + 1, nl = buf.indexOf(10, s)) createHash('sha256').update(buf.subarray(s, nl)).digest('hex');
    }
    for (const h of heads) verify(null, h.text, publicKey, h.signature);
    return bytes;
  };
  await sha();
  await checkJournal(journalDir);
  let t = performance.now();
  const bytes = await sha();
  const sha256Ms = performance.now() - t;
  t = performance.now();
  const check = await checkJournal(journalDir);
  const verifyMs = performance.now() - t;
  return {
    records: check.records, bytes, verifyMs, sha256Ms, intact: check.breaks.length === 0, signatures: check.signatures,
    archive: signed ? await benchArchive(journalDir, firstDay, lastDay) : null,
  };
}

/** The year in one archive, as `npm run journal -- archive` writes it, then checked as `verify --archive` does. */
async function benchArchive(journalDir: string, from: string, to: string): Promise<NonNullable<VerifyBench['archive']>> {
  const file = join(dirname(journalDir), 'year.cparchive');
  let t = performance.now();
  const { result: written, peak } = await peakHeldDuring(() => writeArchive({ journalDir, environment: 'training', from, to, writtenAt: T0, writtenBy: 'bench' }, file));
  const writeMs = performance.now() - t;
  const content = await readFile(file);
  t = performance.now();
  const check = checkArchive(content);
  return { bytes: written.bytes, writeMs, held: peak, checkMs: performance.now() - t, intact: check.breaks.length === 0 };
}

/**
 * The most memory held above what was held before, sampled every few milliseconds while `fn`
 * runs (the writer awaits each read and write, so the samples fall between them): buffers, where
 * the day files' bytes would sit, and the JavaScript heap, whose figure includes garbage the young
 * generation has not collected yet (a few MiB, however large the archive).
 */
async function peakHeldDuring<T>(fn: () => Promise<T>): Promise<{ result: T; peak: { heap: number; buffers: number } }> {
  collect();
  const before = process.memoryUsage();
  const peak = { heap: 0, buffers: 0 };
  const sample = (): void => {
    const m = process.memoryUsage();
    peak.heap = Math.max(peak.heap, m.heapUsed - before.heapUsed);
    peak.buffers = Math.max(peak.buffers, m.arrayBuffers - before.arrayBuffers);
  };
  const every = setInterval(sample, 2);
  try {
    const result = await fn();
    sample();
    return { result, peak };
  } finally {
    clearInterval(every);
  }
}
