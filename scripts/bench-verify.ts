/**
 * Verifying a year of a busy register (365 day files × 500 sales, a create and an update
 * record each) against plain SHA-256 over the same bytes, in the same run: the chain check
 * costs reading the lines, one hash per record and an anchored match for seq and prev, never
 * parsing a body. The journal is written straight to the files (no fsync: only reading is timed).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createHash } from 'node:crypto';
import { localDay } from '../shared/domain/calendar-day.js';
import { GENESIS } from '../electron/payments/journal-envelope.js';
import { sealAttempts } from '../electron/payments/journal-readback.js';
import { newAttempt } from '../electron/payments/new-attempt.js';
import { checkJournal } from '../electron/history/journal-verify.js';

const DAY = 86_400_000;
const T0 = Date.UTC(2025, 0, 1, 9);

export interface VerifyBench { records: number; bytes: number; verifyMs: number; sha256Ms: number; intact: boolean }

export async function benchVerify(dir: string, days: number, salesPerDay: number): Promise<VerifyBench> {
  const journalDir = join(dir, 'journal');
  mkdirSync(journalDir, { recursive: true });
  let seq = 0;
  let prev = GENESIS;
  let previousDay: string | null = null;
  for (let d = 0; d < days; d++) {
    const start = T0 + d * DAY;
    const day = localDay(start);
    const lines: string[] = [];
    const push = (s: ReturnType<typeof sealAttempts>) => {
      lines.push(s.line);
      prev = s.hash;
    };
    push(sealAttempts({ seq: ++seq, prev, kind: 'carry', at: start, by: 'counterpay' }, [], previousDay));
    for (let i = 0; i < salesPerDay; i++) {
      const at = start + i * 60_000;
      const a = newAttempt({ terminalId: 'term-1', amountMinor: 100 + (i % 5000), currency: 'EUR', metadata: { order: `B-${d}-${i}` }, registerId: 'bench', saleId: null, previousAttemptId: null }, at);
      push(sealAttempts({ seq: ++seq, prev, kind: 'create', at, by: '' }, [a]));
      push(sealAttempts({ seq: ++seq, prev, kind: 'update', at: at + 900, by: '' }, [{ ...a, state: 'authorized', paymentId: `p-${seq}`, authorizedAmountMinor: a.amountMinor, updatedAt: at + 900 }]));
    }
    writeFileSync(join(journalDir, `${day}.jsonl`), `${lines.join('\n')}\n`);
    previousDay = day;
  }
  // The plain hash first and then the check, twice each, the second pair timed: both read from a warm page cache.
  const sha = async () => {
    let bytes = 0;
    for (const name of (await readdir(journalDir)).sort()) {
      const buf = await readFile(join(journalDir, name));
      bytes += buf.length;
      for (let s = 0, nl = buf.indexOf(10); nl >= 0; s = nl + 1, nl = buf.indexOf(10, s)) createHash('sha256').update(buf.subarray(s, nl)).digest('hex');
    }
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
  return { records: check.records, bytes, verifyMs, sha256Ms, intact: check.breaks.length === 0 };
}
