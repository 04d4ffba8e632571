/**
 * Simulated registers for bench:store: each child process runs a share of them, every register
 * with its own store connection making one sale a second the way store mode does (take the
 * terminal's lease, journal create / accepted / authorized records that the outbox ships,
 * release the lease). It measures how long each record waits before it is in the store.
 */
import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { ATTEMPT_DEADLINE_MS, FRESH_ATTEMPT_FIELDS, type Attempt, type AttemptState } from '../shared/domain/attempt.js';
import { StoreConnection } from '../electron/store/connection.js';
import { LEASE_DURATION_MS, TerminalLeases } from '../electron/store/leases.js';
import { OutboxShipper } from '../electron/store/outbox-shipper.js';
import type { RecordSource } from '../electron/store/journal-feed.js';
import type { CommittedRecord } from '../electron/store/ports.js';

export interface SimResult {
  registers: number;
  sales: number;
  records: number;
  lagP50: number;
  lagP99: number;
  leaseP50: number;
  leaseP99: number;
  failures: number;
}

const CHILDREN = 2;

const pct = (xs: number[], p: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
};

interface ChildReport { lags: number[]; leases: number[]; sales: number; failures: number }

export async function runSimulatedRegisters(url: string, registers: number, seconds: number): Promise<SimResult> {
  const per = Math.ceil(registers / CHILDREN);
  const runId = randomUUID().slice(0, 6);
  const reports = await Promise.all(Array.from({ length: CHILDREN }, (_, k) => new Promise<ChildReport>((resolve, reject) => {
    const count = Math.max(0, Math.min(per, registers - k * per));
    const child = fork(fileURLToPath(import.meta.url), [], {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, BENCH_STORE_CHILD: JSON.stringify({ url, count, first: k * per, seconds, runId }) },
    });
    child.once('message', (m) => resolve(m as ChildReport));
    child.once('exit', (code) => { if (code !== 0) reject(new Error(`bench child exited ${code}`)); });
  })));
  const lags = reports.flatMap((r) => r.lags);
  const leases = reports.flatMap((r) => r.leases);
  return {
    registers, sales: reports.reduce((s, r) => s + r.sales, 0), records: lags.length,
    lagP50: pct(lags, 50), lagP99: pct(lags, 99), leaseP50: pct(leases, 50), leaseP99: pct(leases, 99),
    failures: reports.reduce((s, r) => s + r.failures, 0),
  };
}

/** An in-memory journal: record n has sequence n. */
class MemoryJournal implements RecordSource {
  readonly records: CommittedRecord[] = [];
  readonly committedAt: number[] = [];
  since(after: number, limit: number): Promise<CommittedRecord[]> {
    return Promise.resolve(this.records.slice(Math.max(0, after), Math.max(0, after) + limit));
  }
  push(kind: string, a: Attempt): void {
    this.records.push({ seq: this.records.length + 1, kind, at: Date.now(), attempts: [a] });
    this.committedAt.push(performance.now());
  }
}

async function simulate(cfg: { url: string; count: number; first: number; seconds: number; runId: string }): Promise<ChildReport> {
  const report: ChildReport = { lags: [], leases: [], sales: 0, failures: 0 };
  const regs = await Promise.all(Array.from({ length: cfg.count }, async (_, i) => {
    const registerId = `SIM-${cfg.runId}-${cfg.first + i}`;
    const conn = await StoreConnection.open({ url: cfg.url, registerId, registerName: `Caisse ${cfg.first + i}`, poolSize: 1, connectTimeoutMs: 30_000 });
    const journal = new MemoryJournal();
    const shipper = new OutboxShipper(conn, journal, {
      onShipped: (batch) => { const now = performance.now(); for (const r of batch) report.lags.push(now - (journal.committedAt[r.seq - 1] ?? now)); },
    });
    return { registerId, conn, journal, shipper, leases: new TerminalLeases(conn) };
  }));
  const until = Date.now() + cfg.seconds * 1000;
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  await Promise.all(regs.map(async (r, i) => {
    await sleep((i * 997) % 1000);
    while (Date.now() < until) {
      const started = Date.now();
      const now = Date.now();
      const id = randomUUID();
      const base: Attempt = {
        id, saleId: id, previousAttemptId: null, registerId: r.registerId, terminalId: `T-${r.registerId}`, amountMinor: 1000 + i, currency: 'EUR',
        metadata: { order: `S-${i}` }, idempotencyKey: randomUUID(), createdAt: now, deadlineAt: now + ATTEMPT_DEADLINE_MS, state: 'sending', updatedAt: now,
        ...FRESH_ATTEMPT_FIELDS,
      };
      try {
        const t0 = performance.now();
        const lease = await r.leases.acquire({ attemptId: id, terminalId: base.terminalId, amountMinor: base.amountMinor, currency: 'EUR', durationMs: LEASE_DURATION_MS });
        report.leases.push(performance.now() - t0);
        if (!lease.ok) throw new Error('terminal busy');
        const step = (state: AttemptState) => { r.journal.push(state === 'sending' ? 'create' : 'update', { ...base, state, updatedAt: Date.now() }); r.shipper.kick(); };
        step('sending');
        await sleep(100);
        step('accepted');
        await sleep(200);
        step('authorized');
        await r.leases.release(base.terminalId, id);
        report.sales++;
      } catch {
        report.failures++;
      }
      await sleep(Math.max(0, 1000 - (Date.now() - started)));
    }
  }));
  await Promise.all(regs.map((r) => r.shipper.flush(30_000).catch(() => { report.failures++; })));
  await Promise.all(regs.map(async (r) => { await r.shipper.stop(); await r.conn.close(); }));
  return report;
}

if (process.env.BENCH_STORE_CHILD) {
  const report = await simulate(JSON.parse(process.env.BENCH_STORE_CHILD) as { url: string; count: number; first: number; seconds: number; runId: string });
  process.send?.(report, () => process.exit(0));
}
