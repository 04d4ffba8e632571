/**
 * A Charge as the cashier waits for it: from the `charge` IPC call into main.ts's real
 * handler until the window is told the attempt is accepted, with main.ts booted as it
 * ships (training: the real core, engine, journal, API client and embedded sandbox; the
 * fake 'electron' module stands in for Electron). Against it, measured in the same run and
 * interleaved, the least a crash-safe client must do for the same sale: make a key, fsync a
 * record, a raw undici POST to the same sandbox, fsync the answer. The ratio at p50 and p99
 * is what the app costs on top.
 * Both sides use a kept-alive connection and write in the same folder the same way (a
 * synchronous write to the page cache, an fdatasync on the thread pool), run after the same
 * warm-up (not counted) and take turns going first, so neither always follows the other's
 * fsyncs. Between timed sections each sale is finished the way a cashier can (Check again),
 * so the register is free for the next one. main.ts logs as it ships, to its daily file;
 * only the echo to stderr is silenced.
 */
import { writeSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { randomUUID } from 'node:crypto';
import { Agent, request } from 'undici';
import { eventChannelOf } from '../shared/ipc/contract.js';
import type { Attempt } from '../shared/domain/attempt.js';
import { SANDBOX_TERMINALS } from '../electron/sandbox/seed-ids.js';
import { createFakeElectron } from '../electron/shell/testing/fake-electron.js';
import { apiBaseUrlIn, ipcCaller, startMain } from '../electron/shell/testing/run-main.js';

export interface ChargeBench {
  /** The charge IPC call until the window hears 'accepted'. */
  app: number[];
  minimum: number[];
}

const TERMINAL = SANDBOX_TERMINALS.fr.approve;
const ACCEPTED = eventChannelOf('attemptUpdated');
const TERMINALS = eventChannelOf('terminalsChanged');

export async function benchCharge(runs: number, warmup = 20): Promise<ChargeBench> {
  const fake = createFakeElectron();
  let sandboxUrl = '';
  const running = await startMain(fake, 'counterpay-bench-charge-', (line) => (sandboxUrl ||= apiBaseUrlIn(line) ?? ''));
  const { folder } = running;
  if (!sandboxUrl) throw new Error('main.ts did not log its training sandbox address');
  const call = ipcCaller(fake);
  const contents = fake.windows[0]!.webContents;
  // What the window was told, per attempt; the bench waits on it (and keeps no log of every event).
  const heard = new Map<string, Attempt['state']>();
  let waiter: { id: string; state: Attempt['state']; resolve: () => void } | null = null;
  let lastUsesHeard = 0;
  let useWaiter: (() => void) | null = null;
  contents.send = (channel: string, payload: unknown) => {
    if (channel === TERMINALS) {
      lastUsesHeard++;
      useWaiter?.();
    }
    if (channel !== ACCEPTED) return;
    const { attempt } = payload as { attempt: Attempt };
    heard.set(attempt.id, attempt.state);
    if (waiter && waiter.id === attempt.id && waiter.state === attempt.state) waiter.resolve();
  };
  const usesAfter = (count: number) => new Promise<void>((resolve) => {
    if (lastUsesHeard > count) return resolve();
    useWaiter = resolve;
  });
  const told = (id: string, state: Attempt['state']) => new Promise<void>((resolve) => {
    if (heard.get(id) === state) return resolve();
    waiter = { id, state, resolve };
  });
  const ok = async (method: Parameters<typeof call>[0], payload: unknown): Promise<unknown> => {
    const res = await call(method, payload);
    if (!res.ok) throw new Error(`${method}: ${res.error?.code} ${res.error?.message ?? ''}`);
    return res.value;
  };

  // As the window does when it opens: the app state and the terminal list.
  await ok('getAppState', undefined);
  await ok('listTerminals', undefined);
  await fetch(`${sandboxUrl}/__sandbox/terminals/${TERMINAL}/behaviour`, {
    method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mode: 'approve', delay_ms: 0 }),
  });
  const minted = await fetch(`${sandboxUrl}/__sandbox/tokens`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ organization: 'fr', role: 'owner' }),
  });
  const { access_token: token } = (await minted.json()) as { access_token: string };

  const agent = new Agent({ keepAliveTimeout: 10_000 });
  const minimumFile = await open(join(folder.dataDir, 'training', 'minimum.jsonl'), 'a', 0o600);
  const result: ChargeBench = { app: [], minimum: [] };

  const appSale = async (i: number): Promise<number> => {
    const uses = lastUsesHeard;
    const t0 = performance.now();
    const a = (await ok('charge', { terminalId: TERMINAL, amountMinor: 1000 + (i % 900), currency: 'EUR', metadata: { order: `B-${i}` } })) as Attempt;
    await told(a.id, 'accepted');
    const ms = performance.now() - t0;
    // Untimed, as the seconds a customer takes at the terminal: it has approved, Check again finds it and
    // frees the register, and the window hears the terminal's new "last used" (written after 'accepted').
    await ok('recheckAttempt', { attemptId: a.id });
    await usesAfter(uses);
    heard.delete(a.id);
    return ms;
  };

  /** The minimum: a key, the same two durable writes around one POST on a kept-alive connection. */
  const minimumSale = async (i: number): Promise<number> => {
    const t0 = performance.now();
    const key = randomUUID();
    const metadata = { order: `B-${i}` };
    writeSync(minimumFile.fd, `${JSON.stringify({ key, terminalId: TERMINAL, amountMinor: 1000 + (i % 900), currency: 'EUR', metadata })}\n`);
    await minimumFile.datasync();
    const res = await request(`${sandboxUrl}/v2/terminals/${TERMINAL}/payment`, {
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
      const [appMs, minimumMs] = i % 2 === 0
        ? [await appSale(i), await minimumSale(i)]
        : await minimumSale(i).then(async (m) => [await appSale(i), m] as const);
      if (i >= warmup) {
        result.app.push(appMs);
        result.minimum.push(minimumMs);
      }
    }
  } finally {
    await minimumFile.close();
    await agent.close();
    await running.stop();
  }
  return result;
}
