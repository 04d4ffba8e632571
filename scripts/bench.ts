/**
 * npm run bench — speed and memory of what a till does all day, measured, not
 * asserted (timed assertions make flaky tests). Prints one line per figure.
 *  1. a Charge as the cashier waits for it (the charge IPC call into main.ts until the window hears
 *     'accepted') against the crash-safe minimum (bench-charge.ts), ratio at p50 and p99; first, while
 *     nothing else has run in the process: the 14 days and the busy day below leave a heap behind them,
 *     and its collections would be counted against whichever side they fell in. BENCH_CHARGE_ONLY=1 stops there;
 *     BENCH_CHARGE_PHASES=1 also prints where each side's time goes (bench-charge-phases.ts).
 *  2. charge → authorized cycles through the real engine and durable journal (fsync'd)
 *  3. engine start-up with weeks of daily journal files, and with a busy today
 *  4. heap after loading a day of attempts
 *  5. push + status read round trips: real undici client → embedded sandbox over loopback
 *  6. verifying a year of a busy register's journal chain against plain SHA-256 over the same bytes, then the
 *     same year signed (a closing a day, a head every 100 records) against plain SHA-256 + Ed25519 over the
 *     same bytes, and its archive written (with the most memory the writer held) and checked (bench-verify.ts). BENCH_VERIFY_ONLY=1 runs these alone;
 *     BENCH_VERIFY_DAYS shortens the year.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { ManualClock } from '../shared/clock.js';
import { PaymentEngine } from '../electron/payments/index.js';
import { FakeBank } from '../electron/payments/stand-ins/fake-bank.js';
import { createBankApi } from '../electron/api/index.js';
import { terminalOutcomes } from '../electron/api/terminal-outcomes.js';
import { startSandbox, SANDBOX_TERMINALS } from '../electron/sandbox/index.js';
import { createLogger } from '../electron/log.js';
import { benchCharge } from './bench-charge.js';
import { tracePhases } from './bench-charge-phases.js';
import { benchVerify } from './bench-verify.js';
import { collect } from './bench-gc.js';
import { readClosingBook } from '../electron/history/closing-book.js';
import { benchRenderer } from './bench-renderer.js';

const quiet = createLogger(() => undefined);
const DAY = 86_400_000;

async function openEngine(dir: string, clock: ManualClock, bank: FakeBank): Promise<PaymentEngine> {
  return PaymentEngine.open({ dataDir: dir, bank: terminalOutcomes(bank), clock, registerId: 'bench', logger: quiet });
}

/** One sale: charge, 202, one poll that finds it authorized. */
async function sale(engine: PaymentEngine, clock: ManualClock, bank: FakeBank, i: number): Promise<void> {
  const a = await engine.charge({ terminalId: 'term-1', amountMinor: 100 + (i % 5000), currency: 'EUR', metadata: { order: `B-${i}` } });
  await engine.settled();
  const paymentId = engine.get(a.id)?.paymentId;
  if (paymentId) bank.setStatus(paymentId, 'AUTHORIZED');
  clock.advance(1_000);
  await engine.settled();
  clock.advance(10_000);
}

async function fillDays(dir: string, days: number, perDay: number): Promise<{ clock: ManualClock; ms: number }> {
  const clock = new ManualClock({ start: new Date(2026, 9, 1, 8, 0, 0).getTime(), frozen: true });
  const bank = new FakeBank();
  const engine = await openEngine(dir, clock, bank);
  const t0 = performance.now();
  for (let d = 0; d < days; d++) {
    for (let i = 0; i < perDay; i++) await sale(engine, clock, bank, d * perDay + i);
    if (d < days - 1) clock.advance(DAY - perDay * 11_000);
  }
  const ms = performance.now() - t0;
  await engine.close();
  return { clock, ms };
}

async function timeOpen(dir: string, clock: ManualClock): Promise<{ ms: number; attempts: number }> {
  const t0 = performance.now();
  const engine = await openEngine(dir, clock, new FakeBank());
  const ms = performance.now() - t0;
  const attempts = engine.today().attempts.length;
  await engine.close();
  return { ms, attempts };
}

async function roundTrips(n: number): Promise<number[]> {
  const sandbox = await startSandbox();
  const { access_token } = sandbox.mintToken({ organization: 'fr', role: 'owner' });
  const api = createBankApi({ baseUrl: sandbox.url, getAccessToken: async () => access_token, logger: quiet });
  const times: number[] = [];
  try {
    for (let i = 0; i < n; i++) {
      const t0 = performance.now();
      const p = await api.terminals.createPayment(SANDBOX_TERMINALS.fr.approve, { amountMinor: 1000 + i, currency: 'EUR', metadata: { i } }, crypto.randomUUID());
      await api.terminals.getPayment(p.id);
      times.push(performance.now() - t0);
    }
  } finally {
    await api.close();
    await sandbox.close();
  }
  return times.sort((a, b) => a - b);
}

/** Every figure carries the machine's load when it was taken: on a shared machine it explains the spread. */
const say = (line: string): void => console.info(`${line} [load ${loadavg().map((x) => x.toFixed(1)).join(' ')} on ${cpus().length} cores]`);
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;
const f = (n: number) => n.toFixed(1);

/** A year of a busy register verified: chain only, then signed with its archive, each beside its plain-crypto baseline. */
async function verifyFigures(dir: string): Promise<void> {
  const year = Number(process.env.BENCH_VERIFY_DAYS ?? 365);
  const broken = (intact: boolean) => (intact ? '' : ' (BROKEN: the bench journal did not verify)');
  const v = await benchVerify(join(dir, 'plain'), year, 500);
  say(`verify ${year} days × 500 sales (${v.records} records, ${f(v.bytes / 1024 / 1024)} MiB): chain check ${f(v.verifyMs)} ms, plain SHA-256 of the same lines ${f(v.sha256Ms)} ms, ratio ${(v.verifyMs / v.sha256Ms).toFixed(2)}${broken(v.intact)}`);
  // The same year, as closing a day or a month reads it to find the next number and the grand total (docs/closings.md).
  const book = performance.now();
  const closings = await readClosingBook(join(dir, 'plain', 'journal'));
  say(`closing book of the same year (next Z number, grand total, ${closings.activeDays.size} days with payments): ${f(performance.now() - book)} ms`);
  // The next closing in the same run: every day file unchanged is kept, so only their sizes and times are read.
  const again = performance.now();
  await readClosingBook(join(dir, 'plain', 'journal'));
  say(`closing book read again, files unchanged (the next closing or panel in the same run): ${f(performance.now() - again)} ms`);
  const s = await benchVerify(join(dir, 'signed'), year, 500, true);
  say(`verify ${year} days × 500 sales signed (${s.records} records, ${s.signatures} signatures, ${f(s.bytes / 1024 / 1024)} MiB): chain and signature check ${f(s.verifyMs)} ms, plain SHA-256 of the same lines + Ed25519 of the same signatures ${f(s.sha256Ms)} ms, ratio ${(s.verifyMs / s.sha256Ms).toFixed(2)}${broken(s.intact)}`);
  const a = s.archive;
  if (a) {
    const held = a.held.heap + a.held.buffers;
    say(`archive of the same signed year (${f(a.bytes / 1024 / 1024)} MiB): written ${f(a.writeMs)} ms, streamed to its file holding at most ${f(a.held.buffers / 1024 / 1024)} MiB of buffers ` +
      `and ${f(a.held.heap / 1024 / 1024)} MiB of heap (${(100 * held / a.bytes).toFixed(1)}% of the archive), verify --archive ${f(a.checkMs)} ms${broken(a.intact)}`);
  }
}

/** Everything after the charge comparison, which must run first (see above). */
async function laterFigures(): Promise<void> {
  const history = mkdtempSync(join(tmpdir(), 'counterpay-bench-'));
  const busy = mkdtempSync(join(tmpdir(), 'counterpay-bench-'));
  const chain = mkdtempSync(join(tmpdir(), 'counterpay-bench-'));
  try {
    const days = 14;
    const perDay = 60;
    const filled = await fillDays(history, days, perDay);
    say(`engine: ${days * perDay} sales (charge→202→authorized, fsync'd) in ${f(filled.ms)} ms = ${f(filled.ms / (days * perDay))} ms per sale`);
    const open1 = await timeOpen(history, filled.clock);
    say(`start-up with ${days} daily journal files: ${f(open1.ms)} ms (${open1.attempts} attempts in today's view)`);

    const today = await fillDays(busy, 1, 1000);
    const open2 = await timeOpen(busy, today.clock);
    say(`start-up with a busy today (1000 sales in one file): ${f(open2.ms)} ms`);
    collect();
    const heapBefore = process.memoryUsage().heapUsed;
    const engine = await openEngine(busy, today.clock, new FakeBank());
    collect();
    const heapAfter = process.memoryUsage().heapUsed;
    say(`heap for a loaded day of ${engine.today().attempts.length} attempts: ${f((heapAfter - heapBefore) / 1024 / 1024)} MiB (process heap ${f(heapAfter / 1024 / 1024)} MiB)`);
    await engine.close();

    const rt = await roundTrips(300);
    say(`push + status read over loopback (undici → sandbox), 300 runs: p50 ${f(pct(rt, 0.5))} ms, p95 ${f(pct(rt, 0.95))} ms, max ${f(rt[rt.length - 1] ?? NaN)} ms`);

    await verifyFigures(chain);
    await benchRenderer(say);
  } finally {
    rmSync(history, { recursive: true, force: true });
    rmSync(busy, { recursive: true, force: true });
    rmSync(chain, { recursive: true, force: true });
  }
}

if (process.env.BENCH_VERIFY_ONLY === '1') {
  const dir = mkdtempSync(join(tmpdir(), 'counterpay-bench-'));
  try {
    await verifyFigures(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  process.exit(0);
}

const runs = Number(process.env.BENCH_CHARGE_RUNS ?? 3000);
// Cut into phases on request: the marks cost every side a little, so the ratios of that run are not the figure.
const phases = process.env.BENCH_CHARGE_PHASES === '1' ? await tracePhases() : null;
const cb = await benchCharge(runs, 20, phases ? (side, start, took) => phases.sale(side, start, took) : undefined);
const [a, e, m] = [cb.app, cb.engine, cb.minimum].map((list) => [...list].sort((x, y) => x - y)) as [number[], number[], number[]];
const ms = (sorted: number[]) => `p50 ${f(pct(sorted, 0.5))} ms, p99 ${f(pct(sorted, 0.99))} ms`;
const ratio = (sorted: number[], p: number) => (pct(sorted, p) / pct(m, p)).toFixed(2);
say(`charge → accepted and journaled, ${runs} runs: app (charge IPC call in main.ts → window told) ${ms(a)}; engine alone ${ms(e)}; crash-safe minimum (key, fsync, raw POST, fsync) ${ms(m)}`);
say(`charge ratio app/minimum: p50 ${ratio(a, 0.5)} (target ≤ 1.3), p99 ${ratio(a, 0.99)} (target ≤ 1.45); engine/minimum: p50 ${ratio(e, 0.5)}, p99 ${ratio(e, 0.99)}`);
await phases?.report(['app', 'engine', 'minimum'], say);
if (process.env.BENCH_CHARGE_ONLY !== '1') await laterFigures();
