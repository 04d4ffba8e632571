/**
 * The two yardsticks the charge bench (bench-charge.ts) times the app against, on the same
 * sandbox and in the same folder: the payment engine alone (no IPC, no window, a logger that
 * writes nowhere), and the least a crash-safe client must do for the same sale (a key, an
 * fsync'd record, one raw undici POST on a kept-alive connection, the fsync'd answer). Both
 * write the way the journal does: a synchronous write to the page cache, an fdatasync on the
 * thread pool.
 */
import { writeSync } from 'node:fs';
import { open } from 'node:fs/promises';
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

export interface Timed {
  started: number;
  ms: number;
}

export interface Side {
  /** One sale; resolves with when its timed part started (performance.now()) and how many milliseconds it took. */
  sale(i: number): Promise<Timed>;
  close(): Promise<void>;
}

const amountOf = (i: number) => 1000 + (i % 900);

/** charge() until the engine announces 'accepted' (journaled); then, untimed, until it is authorized. */
export async function engineSide(sandboxUrl: string, token: string, terminalId: string, dir: string): Promise<Side> {
  const quiet = createLogger(() => undefined);
  const api = createBankApi({ baseUrl: sandboxUrl, getAccessToken: async () => token, logger: quiet });
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
  return {
    async sale(i) {
      const t0 = performance.now();
      const a = await engine.charge({ terminalId, amountMinor: amountOf(i), currency: 'EUR', metadata: { order: `B-${i}` } });
      await until(a.id, 'accepted');
      const ms = performance.now() - t0;
      await until(a.id, 'authorized');
      waiters.delete(a.id);
      return { started: t0, ms };
    },
    async close() {
      await engine.close();
      await api.close();
    },
  };
}

export async function minimumSide(sandboxUrl: string, token: string, terminalId: string, dir: string): Promise<Side> {
  const agent = new Agent({ keepAliveTimeout: 10_000 });
  const file = await open(join(dir, 'minimum.jsonl'), 'a', 0o600);
  return {
    async sale(i) {
      const t0 = performance.now();
      const key = randomUUID();
      const metadata = { order: `B-${i}` };
      writeSync(file.fd, `${JSON.stringify({ key, terminalId, amountMinor: amountOf(i), currency: 'EUR', metadata })}\n`);
      await file.datasync();
      const res = await request(`${sandboxUrl}/v2/terminals/${terminalId}/payment`, {
        dispatcher: agent, method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'x-service-idempotency-key': key },
        body: JSON.stringify({ amount: { value: (amountOf(i) / 100).toFixed(2), currency: 'EUR' }, metadata }),
      });
      const answer = await res.body.text();
      writeSync(file.fd, `${answer}\n`);
      await file.datasync();
      const ms = performance.now() - t0;
      if (res.statusCode !== 202) throw new Error(`the sandbox answered ${res.statusCode}: ${answer}`);
      return { started: t0, ms };
    },
    async close() {
      await file.close();
      await agent.close();
    },
  };
}
