/**
 * npm run bench:receipts — the receipt ledger's start-up over a year of a register's journal
 * (days × sales, each sale a create, an update and its receipt record): reading every day file,
 * as before checkpoints (no checkpoint), against reading only since the checkpoint the first
 * start wrote. Measured, not asserted. BENCH_RECEIPT_DAYS and BENCH_RECEIPT_SALES set the size.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { ManualClock } from '../shared/clock.js';
import { localDay } from '../shared/domain/calendar-day.js';
import { memoryLogger } from '../electron/log.js';
import { GENESIS } from '../electron/payments/journal-envelope.js';
import { sealAttempts, sealBody } from '../electron/payments/journal-readback.js';
import { newAttempt } from '../electron/payments/new-attempt.js';
import { JournalReceiptLedger } from '../electron/receipts/receipt-ledger.js';
import { RECEIPT_CHECKPOINT_FILE } from '../electron/receipts/receipt-checkpoint.js';

const DAY = 86_400_000;
const T0 = Date.UTC(2025, 0, 1, 9);
const days = Number(process.env.BENCH_RECEIPT_DAYS ?? 365);
const sales = Number(process.env.BENCH_RECEIPT_SALES ?? 200);

function writeYear(journalDir: string): number {
  mkdirSync(journalDir, { recursive: true });
  let seq = 0;
  let prev = GENESIS;
  let number = 0;
  let bytes = 0;
  for (let d = 0; d < days; d++) {
    const start = T0 + d * DAY;
    const lines: string[] = [];
    const push = (s: { line: string; hash: string }) => {
      lines.push(s.line);
      prev = s.hash;
    };
    push(sealAttempts({ seq: ++seq, prev, kind: 'carry', at: start, by: 'counterpay' }, [], d ? localDay(start - DAY) : null));
    for (let i = 0; i < sales; i++) {
      const at = start + i * 60_000;
      const a = newAttempt({ terminalId: 'term-1', amountMinor: 100 + (i % 5000), currency: 'EUR', metadata: { order: `B-${d}-${i}` }, registerId: 'bench', saleId: null, previousAttemptId: null }, at);
      push(sealAttempts({ seq: ++seq, prev, kind: 'create', at, by: '' }, [a]));
      push(sealAttempts({ seq: ++seq, prev, kind: 'update', at: at + 900, by: '' }, [{ ...a, state: 'authorized', paymentId: `p-${seq}`, authorizedAmountMinor: a.amountMinor, updatedAt: at + 900 }]));
      push(sealBody({ seq: ++seq, prev, kind: 'receipt', at: at + 2000, by: 'counterpay' }, { number: ++number, attemptId: a.id, issuedAt: at + 2000 }));
    }
    const text = `${lines.join('\n')}\n`;
    bytes += Buffer.byteLength(text);
    writeFileSync(join(journalDir, `${localDay(start)}.jsonl`), text);
  }
  return bytes;
}

const dir = mkdtempSync(join(tmpdir(), 'counterpay-bench-receipts-'));
try {
  const journalDir = join(dir, 'journal');
  const bytes = writeYear(journalDir);
  const open = async () => {
    const t = performance.now();
    const ledger = await JournalReceiptLedger.open({
      journalDir, dataDir: dir, clock: new ManualClock({ start: T0 + days * DAY, frozen: true }), logger: memoryLogger(),
      records: { appendRecord: async () => { throw new Error('the bench writes nothing'); } },
    });
    return { ms: performance.now() - t, ledger };
  };
  const f = (n: number) => n.toFixed(1);
  // Warm the page cache first, so both sides read from memory.
  await open();
  rmSync(join(dir, RECEIPT_CHECKPOINT_FILE), { force: true });
  const full = await open();
  const since = await open();
  console.info(`receipt ledger start-up, ${days} days × ${sales} sales (${f(bytes / 1024 / 1024)} MiB, ${days * sales} receipts): every day file ${f(full.ms)} ms (${full.ledger.startup.files} files), since the checkpoint ${f(since.ms)} ms (${since.ledger.startup.files} file) [load ${loadavg().map((x) => x.toFixed(1)).join(' ')}]`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
