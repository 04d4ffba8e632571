/**
 * Charge → accepted-and-journaled through the real engine, the real API client and the
 * embedded sandbox, against the least a crash-safe client must do for the same sale,
 * measured in the same run, interleaved: make a key, fsync a record, a raw undici POST to the
 * same sandbox, fsync the answer. The ratio at p50 and p99 is what the engine costs on top.
 * Both sides use a kept-alive connection, write to a file opened once in the same folder the
 * same way (a synchronous write to the page cache, an fdatasync on the thread pool), run after
 * the same warm-up (not counted) and take turns going first, so neither always follows the
 * other's fsyncs. The engine's logger writes nowhere (their text is still built).
 */
import { mkdtempSync, rmSync, writeSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { randomUUID } from 'node:crypto';
import { Agent, request } from 'undici';
import { systemClock } from '../shared/clock.js';
import type { Attempt } from '../shared/domain/attempt.js';
import { createBankApi } from '../electron/api/index.js';
import { terminalOutcomes } from '../electron/api/terminal-outcomes.js';
import { createLogger } from '../electron/log.js';
import { PaymentEngine } from '../electron/payments/index.js';
import { startSandbox, SANDBOX_TERMINALS } from '../electron/sandbox/index.js';

export interface ChargeBench {
  engine: number[];
  minimum: number[];
}

const TERMINAL = SANDBOX_TERMINALS.fr.approve;

export async function benchCharge(runs: number, warmup = 20): Promise<ChargeBench> {
  const sandbox = await startSandbox();
  const dir = mkdtempSync(join(tmpdir(), 'counterpay-bench-charge-'));
  const { access_token: token } = sandbox.mintToken({ organization: 'fr', role: 'owner' });
  await fetch(`${sandbox.url}/__sandbox/terminals/${TERMINAL}/behaviour`, {
    method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mode: 'approve', delay_ms: 0 }),
  });
  const quiet = createLogger(() => undefined);
  const api = createBankApi({ baseUrl: sandbox.url, getAccessToken: async () => token, logger: quiet });
  const waiters = new Map<string, { state: Attempt['state']; resolve: () => void }>();
  const engine = await PaymentEngine.open({
    dataDir: join(dir, 'engine'), bank: terminalOutcomes(api.terminals), clock: systemClock, registerId: 'bench', logger: quiet,
    // Fast reads so each sale is over (and the register free) quickly; they run between timed sections.
    policy: { pollIntervalsMs: [1] },
    onUpdate: (a) => {
      const w = waiters.get(a.id);
      if (w && w.state === a.state) w.resolve();
    },
  });
  const until = (id: string, state: Attempt['state']) => new Promise<void>((resolve) => {
    if (engine.get(id)?.state === state) return resolve();
    waiters.set(id, { state, resolve });
  });

  const agent = new Agent({ keepAliveTimeout: 10_000 });
  const minimumFile = await open(join(dir, 'minimum.jsonl'), 'a', 0o600);
  const result: ChargeBench = { engine: [], minimum: [] };

  /** The engine: charge() resolves once 'sending' is fsync'd; timed until 'accepted' is fsync'd and announced. */
  const engineSale = async (i: number): Promise<number> => {
    const t0 = performance.now();
    const a = await engine.charge({ terminalId: TERMINAL, amountMinor: 1000 + (i % 900), currency: 'EUR', metadata: { order: `B-${i}` } });
    await until(a.id, 'accepted');
    const ms = performance.now() - t0;
    // Untimed: the sale finishes so the register is free for the next one.
    await until(a.id, 'authorized');
    return ms;
  };

  /** The minimum: a key, the same two durable writes around one POST on a kept-alive connection. */
  const minimumSale = async (i: number): Promise<number> => {
    const t0 = performance.now();
    const key = randomUUID();
    const metadata = { order: `B-${i}` };
    writeSync(minimumFile.fd, `${JSON.stringify({ key, terminalId: TERMINAL, amountMinor: 1000 + (i % 900), currency: 'EUR', metadata })}\n`);
    await minimumFile.datasync();
    const res = await request(`${sandbox.url}/v2/terminals/${TERMINAL}/payment`, {
      dispatcher: agent, method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'x-service-idempotency-key': key },
      body: JSON.stringify({ amount: { value: ((1000 + (i % 900)) / 100).toFixed(2), currency: 'EUR' }, metadata }),
    });
    const answer = await res.body.text();
    writeSync(minimumFile.fd, `${answer}\n`);
    await minimumFile.datasync();
    const ms = performance.now() - t0;
    if (res.statusCode !== 202) throw new Error(`the sandbox answered ${res.statusCode}: ${answer}`);
    return ms;
  };

  try {
    for (let i = 0; i < warmup + runs; i++) {
      // Alternated order, so neither side always runs right after the other's fsyncs.
      const [engineMs, minimumMs] = i % 2 === 0
        ? [await engineSale(i), await minimumSale(i)]
        : await minimumSale(i).then(async (m) => [await engineSale(i), m] as const);
      if (i >= warmup) {
        result.engine.push(engineMs);
        result.minimum.push(minimumMs);
      }
    }
  } finally {
    await minimumFile.close();
    await engine.close();
    await api.close();
    await agent.close();
    await sandbox.close();
    rmSync(dir, { recursive: true, force: true });
  }
  return result;
}
