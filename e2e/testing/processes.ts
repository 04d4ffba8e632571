/** Starts the real harness (and, for restart tests, a standalone sandbox) as child processes. */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface Running {
  url: string;
  proc: ChildProcess;
  output: () => string;
}

function startNode(script: string, args: string[], ready: RegExp, env: NodeJS.ProcessEnv = process.env): Promise<Running> {
  const proc = spawn(process.execPath, ['--import', 'tsx', script, ...args], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  return new Promise((resolvePromise, reject) => {
    const timer = setTimeout(() => reject(new Error(`${script} did not start in 20 s:\n${out}`)), 20_000);
    const onData = (d: Buffer) => {
      out += d.toString();
      const m = ready.exec(out);
      if (m?.[1]) {
        clearTimeout(timer);
        resolvePromise({ url: m[1], proc, output: () => out });
      }
    };
    proc.stdout!.on('data', onData);
    proc.stderr!.on('data', onData);
    proc.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited with ${code} before it was ready:\n${out}`));
    });
  });
}

export interface Harness extends Running {
  bankUrl: string;
  dataDir: string;
}

export interface HarnessOptions {
  dataDir?: string;
  apiBaseUrl?: string;
  /** Training acts as the shop's owner unless told otherwise. */
  role?: 'owner' | 'admin' | 'employee';
  scopes?: string[];
  /**
   * COUNTERPAY_LOCALE for the app. The suites written against English screens get
   * English; the language suites ask for each of the five, or null for none (the
   * organization's locale and the register's setting decide).
   */
  locale?: string | null;
  /** Store mode: this harness shares terminals and its day through that PostgreSQL store. */
  store?: { url: string; registerName: string };
  /** Where the files the app saves land (the harness's stand-in for the save dialog). */
  downloadsDir?: string;
  /** This register's clock set this far off the machine's (and so off the store's). */
  clockOffsetMs?: number;
}

export async function startHarness(opts: HarnessOptions = {}): Promise<Harness> {
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'counterpay-e2e-'));
  const args = ['--port', '0', '--data-dir', dataDir, '--test-controls'];
  if (opts.apiBaseUrl) args.push('--api-base-url', opts.apiBaseUrl);
  if (opts.role) args.push('--training-role', opts.role);
  if (opts.scopes) args.push('--training-scopes', opts.scopes.join(','));
  if (opts.store) args.push('--register-name', opts.store.registerName);
  // One argument: a negative offset would otherwise read as an option of its own.
  if (opts.clockOffsetMs) args.push(`--clock-offset-ms=${opts.clockOffsetMs}`);
  if (opts.downloadsDir) args.push('--downloads-dir', opts.downloadsDir);
  // The store URL carries a password: through the environment, never the process list.
  const env = {
    ...process.env,
    COUNTERPAY_LOCALE: opts.locale === undefined ? 'en' : (opts.locale ?? ''),
    ...(opts.store ? { COUNTERPAY_STORE_URL: opts.store.url } : {}),
  };
  const r = await startNode('harness/server/cli.ts', args, /Counterpay harness: (http:\/\/127\.0\.0\.1:\d+\/)/, env);
  const bank = /\(bank (http:\/\/127\.0\.0\.1:\d+)/.exec(r.output());
  return { ...r, bankUrl: bank?.[1] ?? '', dataDir };
}

/** stagingToken: the sandbox then wants X-Service-Staging-Token on API and token calls, like the bank's. */
export function startSandboxProcess(opts: { stagingToken?: string } = {}): Promise<Running> {
  const args = ['--port', '0', ...(opts.stagingToken ? ['--staging-token', opts.stagingToken] : [])];
  return startNode('electron/sandbox/cli.ts', args, /(http:\/\/127\.0\.0\.1:\d+)/);
}

/** SIGKILL, like a power cut: nothing gets to clean up. */
export async function kill(r: Running): Promise<void> {
  // A process killed by a signal has no exit code, only its signal.
  if (r.proc.exitCode !== null || r.proc.signalCode !== null) return;
  await new Promise<void>((done) => {
    r.proc.once('exit', () => done());
    r.proc.kill('SIGKILL');
  });
}
