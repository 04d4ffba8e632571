/**
 * An AppCore on a temporary data dir, with a second sandbox standing in for
 * "the bank" (its real OAuth server, our own client registered on a free
 * loopback port) and a browser played by fetch. One frozen clock drives the
 * app, the training sandbox and the bank, so tests jump over deadlines; a test
 * of wall-clock jumps gives elapsed time its own clock (`monotonic`).
 */
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ManualClock } from '../../../shared/clock.js';
import type { Method, Req, Res } from '../../../shared/ipc/contract.js';
import type { IpcResult } from '../../../shared/ipc/types.js';
import { NodeCipher, TokenVault, type SecretCipher } from '../../auth/index.js';
import { sandboxBrowser, type BrowserScript } from '../../auth/testing/sandbox-browser.js';
import { freePort } from '../../auth/testing/sandbox-fixture.js';
import { memoryLogger } from '../../log.js';
import { startSandbox, type Sandbox } from '../../sandbox/index.js';
import { AppCore } from '../app-core.js';
import { dispatch } from '../dispatch.js';
import { TrainingBackend } from '../sessions/training-session.js';

export const T0 = Date.UTC(2026, 3, 1, 9);
export const CLIENT_ID = 'counterpay-core-test';
export const CLIENT_SECRET = 'core-test-client-secret-0123';
export const STAGING_TOKEN = 'core-test-staging-token-4567';

export interface AppFixture {
  app: AppCore;
  bank: Sandbox;
  clock: ManualClock;
  /** Elapsed time: `clock` itself unless the test gave one. */
  monotonic: ManualClock;
  dataDir: string;
  cipher: SecretCipher;
  logger: ReturnType<typeof memoryLogger>;
  redirectPort: number;
  /** What the fake browser does on the next openExternal. */
  browser: BrowserScript;
  call<M extends Method>(method: M, req?: Req<M>): Promise<IpcResult<Res<M>>>;
  /** Like call, but fails the test on an error. */
  ok<M extends Method>(method: M, req?: Req<M>): Promise<Res<M>>;
  /** The bank-sandbox settings pointing at `bank`. */
  bankSettings(extra?: { clientSecret?: string; stagingToken?: string | null }): Req<'saveEnvironmentSettings'>;
  /** Another AppCore on the same data dir and cipher, as after a restart. */
  reopen(): Promise<AppCore>;
  vault(): Promise<TokenVault>;
}

export interface FixtureOptions {
  stagingToken?: string | null;
  autoConsent?: 'approve' | 'deny' | null;
  /** Default: a working keychain (NodeCipher). */
  cipher?: SecretCipher;
  /** Elapsed time apart from the wall clock, so a test can jump one and not the other. */
  monotonic?: ManualClock;
}

export async function withApp(options: FixtureOptions, fn: (f: AppFixture) => Promise<void>): Promise<void> {
  const clock = new ManualClock({ start: T0, frozen: true });
  const monotonic = options.monotonic ?? clock;
  const redirectPort = await freePort();
  const bank = await startSandbox({
    clock,
    autoConsent: options.autoConsent ?? null,
    stagingToken: options.stagingToken ?? null,
    oauthClients: [{ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, redirectUris: [`http://127.0.0.1:${redirectPort}/callback`] }],
  });
  const dataDir = await mkdtemp(join(tmpdir(), 'core-app-'));
  const cipher = options.cipher ?? new NodeCipher();
  const logger = memoryLogger();
  const browser: BrowserScript = { opened: [] };
  const open = () => AppCore.open({
    dataDir, logger, clock, monotonic, cipher,
    training: new TrainingBackend({ clock }),
    openExternal: (url) => sandboxBrowser(browser)(url),
    pinCost: { N: 2 ** 10, r: 8, p: 1 },
  });
  const opened: AppCore[] = [];
  const track = async () => {
    const a = await open();
    opened.push(a);
    return a;
  };
  const app = await track();
  const call = <M extends Method>(method: M, req?: Req<M>) => dispatch(app, method, req) as Promise<IpcResult<Res<M>>>;
  const fixture: AppFixture = {
    app, bank, clock, monotonic, dataDir, cipher, logger, redirectPort, browser, call,
    async ok(method, req) {
      const res = await call(method, req);
      if (!res.ok) throw new Error(`${method} failed: ${res.error.code}: ${res.error.message}`);
      return res.value;
    },
    bankSettings: (extra = {}) => ({
      environment: 'sandbox', apiBaseUrl: bank.url, oauthBaseUrl: bank.url, clientId: CLIENT_ID, redirectPort,
      clientSecret: CLIENT_SECRET, ...extra,
    }),
    reopen: track,
    vault: () => TokenVault.open({ dataDir, cipher }),
  };
  try {
    await fn(fixture);
  } finally {
    for (const a of opened) await a.close();
    await bank.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** Every file under dir, as latin1 text, for scans. */
export async function readTree(dir: string): Promise<string> {
  const parts: string[] = [];
  for (const name of await readdir(dir)) {
    const p = join(dir, name);
    parts.push((await stat(p)).isDirectory() ? await readTree(p) : await readFile(p, 'latin1'));
  }
  return parts.join('\n');
}

/** Advances the shared clock in small steps until the condition holds, letting I/O run in between. */
export async function advanceUntil(clock: ManualClock, what: string, condition: () => boolean, stepMs = 500, maxMs = 120_000): Promise<void> {
  for (let spent = 0; ; spent += stepMs) {
    for (let i = 0; i < 20 && !condition(); i++) await new Promise((r) => setTimeout(r, 5));
    if (condition()) return;
    if (spent >= maxMs) {
      // The clock has gone as far as allowed; a loaded machine may still be finishing the work it triggered.
      for (let i = 0; i < 200 && !condition(); i++) await new Promise((r) => setTimeout(r, 50));
      if (condition()) return;
      throw new Error(`timed out waiting for ${what}`);
    }
    clock.advance(stepMs);
  }
}
