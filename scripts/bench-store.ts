/**
 * npm run bench:store — what store mode costs and how far one PostgreSQL goes, measured
 * against a real throwaway server (never asserted in tests). Prints one line per figure.
 *  1. charge → accepted with the lease (and the outbox shipping alongside) against standalone,
 *     alternated in the same run: p50 and p90 of each and the difference.
 *  2. registers per server: simulated registers (child processes, one connection each) each
 *     making one sale a second (lease, three records shipped, release); shipping lag p99 per
 *     step, up to the first step over 1 s.
 *  3. growth: rows and bytes (tables and indexes, the chain's exact records included) per sale, so per day and per year of history.
 * Before them, the lease statement dated by the store's clock against the one dated by the
 * register's clock it replaced (kept here only as that reference), alternated on one connection.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { ManualClock } from '../shared/clock.js';
import { StoreConnection } from '../electron/store/connection.js';
import { TerminalLeases } from '../electron/store/leases.js';
import { FakeBank } from '../electron/payments/stand-ins/fake-bank.js';
import { startLocalCluster, type LocalCluster } from '../electron/store/local-cluster.js';
import { openGatedRegister } from '../electron/store/stand-ins/gated-register.js';
import { runSimulatedRegisters, type SimResult } from './bench-store-registers.js';

const pct = (xs: number[], p: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
};
/** Every figure carries the machine's load when it was taken: on a shared machine it explains the spread. */
const say = (line: string): void => console.info(`${line} [load ${loadavg().map((x) => x.toFixed(1)).join(' ')}]`);
const ms = (x: number): string => `${x.toFixed(3)} ms`;

async function chargeToAccepted(url: string | null, sales: number, round: number): Promise<number[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'counterpay-bench-store-'));
  const clock = new ManualClock({ start: new Date(2026, 9, 1, 9, 0, 0).getTime(), frozen: true });
  let waiting: { id: string; resolve: () => void } | null = null;
  const reg = await openGatedRegister({
    dataDir, registerId: url ? 'BENCH-STORE' : 'BENCH-ALONE', registerName: 'Bench', bank: new FakeBank(), clock, storeUrl: url,
    onUpdate: (a) => { if (waiting && a.id === waiting.id && a.state === 'accepted') waiting.resolve(); },
  });
  const out: number[] = [];
  for (let i = 0; i < sales; i++) {
    const t0 = performance.now();
    let accepted!: Promise<void>;
    const res = await reg.charge({ terminalId: `T-${round}-${i}`, amountMinor: 100 + i, currency: 'EUR', metadata: { order: `B-${i}` } });
    if (!('attempt' in res)) throw new Error(`bench charge refused: ${res.refused.message}`);
    const id = res.attempt.id;
    if (reg.engine.get(id)?.state === 'accepted') accepted = Promise.resolve();
    else accepted = new Promise<void>((resolve) => { waiting = { id, resolve }; });
    await accepted;
    out.push(performance.now() - t0);
    waiting = null;
    await reg.engine.settled();
    await reg.engine.abandon(id);
  }
  await reg.store?.flush(30_000);
  await reg.close();
  rmSync(dataDir, { recursive: true, force: true });
  return out;
}

/** The floor for any durable lease: one single-row autocommit INSERT, one round trip, one WAL flush. */
async function durableCommitFloor(cluster: LocalCluster): Promise<void> {
  const conn = await StoreConnection.open({ url: cluster.url(), registerId: 'BENCH-FLOOR', registerName: 'Bench' });
  const leases = new TerminalLeases(conn);
  const floor: number[] = [];
  const lease: number[] = [];
  await conn.withClient((c) => c.query('CREATE TABLE IF NOT EXISTS bench_floor (id bigint)'));
  for (let i = 0; i < 300; i++) {
    let t0 = performance.now();
    await conn.withClient((c) => c.query({ name: 'floor', text: 'INSERT INTO bench_floor VALUES ($1)', values: [i] }));
    floor.push(performance.now() - t0);
    t0 = performance.now();
    // As the gate sends it: a token and a store-time limit the store checks on its own clock.
    await leases.acquire({ attemptId: `A-${i}`, terminalId: `F-${i % 20}`, amountMinor: 100, currency: 'EUR', durationMs: 0 }, { notAfterStoreMs: Date.now() + 60_000 });
    lease.push(performance.now() - t0);
  }
  await conn.withClient((c) => c.query('DROP TABLE bench_floor; DELETE FROM terminal_leases'));
  await conn.close();
  say(`physical minimum, one durable single-row commit: p50 ${ms(pct(floor, 50))}, p90 ${ms(pct(floor, 90))}; lease statement: p50 ${ms(pct(lease, 50))}, p90 ${ms(pct(lease, 90))}`);
}

/**
 * The lease statement before leases moved to the store's clock, as acquire() sent it then (all eight
 * columns, the holder read back in the same statement): expiry in the register's epoch ms, compared
 * with the register's now.
 */
const REGISTER_CLOCK_LEASE = `WITH taken AS (
   INSERT INTO bench_old_leases AS l (terminal_id, register_id, register_name, attempt_id, amount_minor, currency, expires_at_ms)
   VALUES ($1, $2, $3, $4, $5, $6, $7)
   ON CONFLICT (terminal_id) DO UPDATE SET register_id = EXCLUDED.register_id, register_name = EXCLUDED.register_name,
     attempt_id = EXCLUDED.attempt_id, amount_minor = EXCLUDED.amount_minor, currency = EXCLUDED.currency,
     expires_at_ms = EXCLUDED.expires_at_ms, taken_at = now()
   WHERE l.expires_at_ms <= $8 OR l.attempt_id = EXCLUDED.attempt_id
   RETURNING l.terminal_id)
 SELECT true AS won, NULL::text AS terminal_id, NULL::text AS register_id, NULL::text AS register_name, NULL::text AS attempt_id,
        NULL::bigint AS amount_minor, NULL::text AS currency, NULL::bigint AS expires_at_ms FROM taken
 UNION ALL
 SELECT false, h.terminal_id, h.register_id, h.register_name, h.attempt_id, h.amount_minor, h.currency, h.expires_at_ms
 FROM bench_old_leases h WHERE h.terminal_id = $1 AND NOT EXISTS (SELECT 1 FROM taken)`;

/** What acquire() did around that statement then (the register's identity, up to three asks, the first row read), so both sides do the same work but the clock. */
async function registerClockAcquire(conn: StoreConnection, i: number): Promise<boolean> {
  const { registerId, registerName } = conn.identity;
  for (let tries = 0; tries < 3; tries++) {
    const res = await conn.withClient((c) => c.query<{ won: boolean }>({
      name: 'bench-register-clock-lease', text: REGISTER_CLOCK_LEASE, values: [`C-${i % 20}`, registerId, registerName, `A-${i}`, 100, 'EUR', 0, Date.now()],
    }));
    const row = res.rows[0];
    if (row) return row.won;
  }
  throw new Error('the register-clock lease was neither taken nor readable');
}

async function leaseClocks(cluster: LocalCluster): Promise<void> {
  const conn = await StoreConnection.open({ url: cluster.url(), registerId: 'BENCH-CLOCKS', registerName: 'Bench' });
  const leases = new TerminalLeases(conn);
  await conn.withClient((c) => c.query(`CREATE TABLE bench_old_leases (terminal_id text PRIMARY KEY, register_id text NOT NULL, register_name text NOT NULL,
    attempt_id text NOT NULL, amount_minor bigint NOT NULL, currency text NOT NULL, expires_at_ms bigint NOT NULL, taken_at timestamptz NOT NULL DEFAULT now())`));
  const times = { register: [] as number[], store: [] as number[] };
  const run = async (which: 'register' | 'store', i: number) => {
    const t0 = performance.now();
    // Both win every time (each lease expires at once), as a free terminal's Charge does.
    const won = which === 'register'
      ? await registerClockAcquire(conn, i)
      : (await leases.acquire({ attemptId: `A-${i}`, terminalId: `C-${i % 20}`, amountMinor: 100, currency: 'EUR', durationMs: 0 }, { notAfterStoreMs: Date.now() + 60_000 })).ok;
    if (!won) throw new Error(`the ${which}-clock lease was refused`);
    if (i >= 0) times[which].push(performance.now() - t0);
  };
  for (let i = -50; i < 1000; i++) for (const which of i % 2 === 0 ? ['register', 'store'] as const : ['store', 'register'] as const) await run(which, i);
  await conn.withClient((c) => c.query('DROP TABLE bench_old_leases; DELETE FROM terminal_leases'));
  await conn.close();
  for (const [label, xs] of [['dated by the register\'s clock (before)', times.register], ['dated by the store\'s clock (now)', times.store]] as const) {
    say(`lease statement ${label}: p50 ${ms(pct(xs, 50))}, p90 ${ms(pct(xs, 90))}, p99 ${ms(pct(xs, 99))} (${xs.length}, alternated)`);
  }
  say(`the store's clock adds at p50: ${ms(pct(times.store, 50) - pct(times.register, 50))}`);
}

async function overhead(cluster: LocalCluster): Promise<void> {
  const alone: number[] = [];
  const store: number[] = [];
  // Alternating rounds so both face the same machine load.
  for (let round = 0; round < 6; round++) {
    alone.push(...(await chargeToAccepted(null, 100, round)));
    store.push(...(await chargeToAccepted(cluster.url(), 100, round)));
  }
  const d50 = pct(store, 50) - pct(alone, 50);
  say(`charge → accepted, standalone: p50 ${ms(pct(alone, 50))}, p90 ${ms(pct(alone, 90))} (${alone.length} sales)`);
  say(`charge → accepted, store mode: p50 ${ms(pct(store, 50))}, p90 ${ms(pct(store, 90))} (${store.length} sales)`);
  say(`store mode adds at p50: ${ms(d50)} (target ≤ 1 ms: ${d50 <= 1 ? 'met' : 'NOT met'})`);
}

async function capacity(cluster: LocalCluster): Promise<SimResult[]> {
  const steps = (process.env.BENCH_STORE_STEPS ?? '50,100,200,300').split(',').map(Number);
  const seconds = Number(process.env.BENCH_STORE_SECONDS ?? 15);
  const results: SimResult[] = [];
  for (const registers of steps) {
    const r = await runSimulatedRegisters(cluster.url(), registers, seconds);
    results.push(r);
    say(`${registers} registers at 1 sale/s for ${seconds} s: ${r.sales} sales, ${r.records} records shipped, lag p50 ${ms(r.lagP50)}, p99 ${ms(r.lagP99)}, lease p50 ${ms(r.leaseP50)}, p99 ${ms(r.leaseP99)}, refused/failed ${r.failures}`);
    if (r.lagP99 >= 1_000) break;
  }
  const held = results.filter((r) => r.lagP99 < 1_000).map((r) => r.registers);
  say(`registers one server holds at 1 sale/s with shipping lag p99 < 1 s: ≥ ${Math.max(0, ...held)} of the steps tried (target ≥ 200)`);
  return results;
}

function growth(cluster: LocalCluster): void {
  const q = (sql: string) => cluster.psql(sql, 'counterpay').trim();
  const sales = Number(q('SELECT count(*) FROM attempts'));
  const records = Number(q('SELECT count(*) FROM journal_records'));
  const line = (table: string) => {
    const [heap, idx] = q(`SELECT pg_table_size('${table}') || ' ' || pg_indexes_size('${table}')`).split(' ').map(Number);
    return { table, heap: heap ?? 0, idx: idx ?? 0 };
  };
  const tables = ['journal_records', 'chain_records', 'attempts', 'terminal_leases', 'registers'].map(line);
  say(`history: ${sales} attempts, ${records} shipped record rows (${(records / Math.max(1, sales)).toFixed(2)} per attempt)`);
  for (const t of tables) say(`  ${t.table}: table ${(t.heap / 1024).toFixed(0)} KiB, indexes ${(t.idx / 1024).toFixed(0)} KiB`);
  // chain_records: every record's exact text by (register, sequence, hash), what shipping by identity adds.
  const grow = tables.filter((t) => ['journal_records', 'chain_records', 'attempts'].includes(t.table));
  const perSale = (pick: (t: { heap: number; idx: number }) => number) => grow.reduce((sum, t) => sum + pick(t), 0) / Math.max(1, sales);
  const SALES_PER_DAY = 500;
  const MiB = 1024 * 1024;
  const rowsPerDay = SALES_PER_DAY * (1 + records / Math.max(1, sales));
  say(`per sale ≈ ${(perSale((t) => t.heap + t.idx) / 1024).toFixed(2)} KiB (tables ${(perSale((t) => t.heap) / 1024).toFixed(2)} KiB + indexes ${(perSale((t) => t.idx) / 1024).toFixed(2)} KiB)`);
  say(`a register making ${SALES_PER_DAY} sales a day adds ≈ ${rowsPerDay.toFixed(0)} rows a day (${SALES_PER_DAY} attempts, ${(rowsPerDay - SALES_PER_DAY).toFixed(0)} journal records), ` +
    `${(perSale((t) => t.heap + t.idx) * SALES_PER_DAY / MiB).toFixed(2)} MiB a day, ${(perSale((t) => t.heap + t.idx) * SALES_PER_DAY * 365 / 1024 / MiB).toFixed(2)} GiB a year ` +
    `of which indexes ${(perSale((t) => t.idx) * SALES_PER_DAY * 365 / MiB).toFixed(0)} MiB a year; leases and registers stay one row per terminal and per register`);
}

const cluster = await startLocalCluster({ maxConnections: 400 });
try {
  say(`bench:store against PostgreSQL at ${cluster.dir} (port ${cluster.port})`);
  say(`machine load average (1 min) at start: ${loadavg()[0]?.toFixed(1)} on ${cpus().length} cores`);
  await durableCommitFloor(cluster);
  await leaseClocks(cluster);
  await overhead(cluster);
  await capacity(cluster);
  cluster.psql('VACUUM ANALYZE', 'counterpay');
  growth(cluster);
} finally {
  await cluster.destroy();
}
