/**
 * A Charge as the cashier waits for it: from the `charge` IPC call into main.ts's real
 * handler until the window is told the attempt is accepted, with main.ts booted as it ships
 * (training: the real core, engine, journal, API client and embedded sandbox; the fake
 * 'electron' module stands in for Electron). Measured in the same run, interleaved and on the
 * same sandbox: the engine alone, and the least a crash-safe client must do for the same sale
 * (bench-charge-sides.ts). The ratios at p50 and p99 are what the app and the engine cost on top.
 * Every side runs after the same warm-up (not counted), and they take turns going first, so none
 * always follows another's fsyncs. Between timed sections each sale is finished the way a
 * cashier can (Check again), which frees the register, and the window hears the terminal's new
 * "last used": the seconds a customer spends at the terminal. main.ts logs as it ships, to its
 * daily file; only the echo to stderr is silenced.
 */
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { eventChannelOf } from '../shared/ipc/contract.js';
import type { Attempt } from '../shared/domain/attempt.js';
import { SANDBOX_TERMINALS } from '../electron/sandbox/seed-ids.js';
import { createFakeElectron } from '../electron/shell/stand-ins/fake-electron.js';
import { apiBaseUrlIn, ipcCaller, startMain } from '../electron/shell/stand-ins/run-main.js';
import { engineSide, minimumSide, type Side } from './bench-charge-sides.js';

export interface ChargeBench {
  /** The charge IPC call until the window hears 'accepted'. */
  app: number[];
  /** engine.charge() until the engine announces 'accepted'. */
  engine: number[];
  minimum: number[];
}

const TERMINAL = SANDBOX_TERMINALS.fr.approve;
const ATTEMPT_UPDATED = eventChannelOf('attemptUpdated');
const TERMINALS_CHANGED = eventChannelOf('terminalsChanged');

/** The app's side: what the window sends and hears, through main.ts's IPC handlers. */
function appSide(fake: ReturnType<typeof createFakeElectron>): Side {
  const call = ipcCaller(fake);
  const contents = fake.windows[0]!.webContents;
  const heard = new Map<string, Attempt['state']>();
  let waiter: { id: string; state: Attempt['state']; resolve: () => void } | null = null;
  let uses = 0;
  let useWaiter: (() => void) | null = null;
  // The bench listens as the window would, keeping no log of every event.
  contents.send = (channel: string, payload: unknown) => {
    if (channel === TERMINALS_CHANGED) {
      uses++;
      useWaiter?.();
    }
    if (channel !== ATTEMPT_UPDATED) return;
    const { attempt } = payload as { attempt: Attempt };
    heard.set(attempt.id, attempt.state);
    if (waiter && waiter.id === attempt.id && waiter.state === attempt.state) waiter.resolve();
  };
  const told = (id: string, state: Attempt['state']) => new Promise<void>((resolve) => {
    if (heard.get(id) === state) return resolve();
    waiter = { id, state, resolve };
  });
  const usesAfter = (count: number) => new Promise<void>((resolve) => {
    if (uses > count) return resolve();
    useWaiter = resolve;
  });
  return {
    async sale(i) {
      const before = uses;
      const t0 = performance.now();
      const res = await call('charge', { terminalId: TERMINAL, amountMinor: 1000 + (i % 900), currency: 'EUR', metadata: { order: `B-${i}` } });
      if (!res.ok) throw new Error(`charge: ${res.error?.code} ${res.error?.message ?? ''}`);
      const { id } = res.value as Attempt;
      await told(id, 'accepted');
      const ms = performance.now() - t0;
      // Untimed: the terminal has approved; Check again finds it and frees the register.
      const checked = await call('checkAgain', { attemptId: id });
      if (!checked.ok) throw new Error(`checkAgain: ${checked.error?.code}`);
      await usesAfter(before);
      heard.delete(id);
      return { started: t0, ms };
    },
    close: async () => undefined,
  };
}

/** `onSale`: each timed sale (0 app, 1 engine, 2 minimum), when it started and how long it took (bench-charge-phases.ts). */
export async function benchCharge(runs: number, warmup = 20, onSale?: (side: number, start: number, ms: number) => void): Promise<ChargeBench> {
  const fake = createFakeElectron();
  let sandboxUrl = '';
  const running = await startMain(fake, 'counterpay-bench-charge-', (line) => (sandboxUrl ||= apiBaseUrlIn(line) ?? ''));
  const sides: Side[] = [];
  const result: ChargeBench = { app: [], engine: [], minimum: [] };
  try {
    if (!sandboxUrl) throw new Error('main.ts did not log its training sandbox address');
    const call = ipcCaller(fake);
    // As the window does when it opens: the app state, then the terminal list.
    await call('getAppState', undefined);
    await call('listTerminals', undefined);
    const json = (body: unknown) => ({ headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    await fetch(`${sandboxUrl}/__sandbox/terminals/${TERMINAL}/behaviour`, { method: 'PUT', ...json({ mode: 'approve', delay_ms: 0 }) });
    const minted = await fetch(`${sandboxUrl}/__sandbox/tokens`, { method: 'POST', ...json({ organization: 'fr', role: 'owner' }) });
    const { access_token: token } = (await minted.json()) as { access_token: string };
    // The journal's folder: every side writes beside it, on the same disk.
    const dir = join(running.folder.dataDir, 'training');
    sides.push(appSide(fake), await engineSide(sandboxUrl, token, TERMINAL, dir), await minimumSide(sandboxUrl, token, TERMINAL, dir));
    const lists = [result.app, result.engine, result.minimum];
    for (let i = 0; i < warmup + runs; i++) {
      const times = [0, 0, 0];
      // Rotating order, so no side always runs right after another's fsyncs.
      for (let k = 0; k < 3; k++) {
        const s = (i + k) % 3;
        const { started, ms } = await sides[s]!.sale(i);
        times[s] = ms;
        if (i >= warmup) onSale?.(s, started, ms);
      }
      if (i >= warmup) times.forEach((ms, s) => lists[s]!.push(ms));
    }
  } finally {
    for (const side of sides) await side.close();
    await running.stop();
  }
  return result;
}
