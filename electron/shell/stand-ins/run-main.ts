/**
 * Runs the real main.ts against the fake 'electron' module (fake-electron.ts):
 * bundled the way the app ships it (esbuild, CommonJS, `electron` left outside
 * and answered by the fake), in a throwaway app folder whose renderer is one
 * page. The tests of main.ts and the charge benchmark drive the app through the
 * IPC handlers it registers, as the window would.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { channelOf, type Method } from '../../../shared/ipc/contract.js';
import type { createFakeElectron, FakeFrame } from './fake-electron.js';

export type FakeElectron = ReturnType<typeof createFakeElectron>;

const MAIN = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'main.ts');

/** An app folder as the build lays it out: electron/ (where main.cjs would sit) beside renderer/index.html. */
export function appFolder(prefix: string): { root: string; electronDir: string; dataDir: string } {
  const root = mkdtempSync(path.join(tmpdir(), prefix));
  mkdirSync(path.join(root, 'electron'));
  mkdirSync(path.join(root, 'renderer'));
  writeFileSync(path.join(root, 'renderer', 'index.html'), '<!doctype html><title>Counterpay</title>');
  return { root, electronDir: path.join(root, 'electron'), dataDir: path.join(root, 'data') };
}

/** Bundles main.ts and runs it with `require('electron')` answered by the fake; resolves once its top level ran. */
export async function runMain(fake: FakeElectron, dirname: string): Promise<void> {
  const out = await build({
    entryPoints: [MAIN],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    packages: 'external',
    external: ['electron'],
    write: false,
    logLevel: 'silent',
  });
  const code = out.outputFiles[0]?.text ?? '';
  const realRequire = createRequire(import.meta.url);
  const requireFn = (name: string): unknown => (name === 'electron' ? fake.electron : realRequire(name));
  const module = { exports: {} };
  new Function('require', 'module', 'exports', '__dirname', '__filename', code)(requireFn, module, module.exports, dirname, path.join(dirname, 'main.cjs'));
}

export interface RunningMain {
  folder: ReturnType<typeof appFolder>;
  /** Quits the app (the core closes first), puts stderr and the environment back, removes the folder. */
  stop(): Promise<void>;
}

/**
 * main.ts running on a fresh data folder (COUNTERPAY_DATA_DIR) with its window loaded. Its logger
 * echoes JSON lines to stderr: each goes to `onLine` instead of the console until stop().
 */
export async function startMain(fake: FakeElectron, prefix: string, onLine: (line: string) => void = () => undefined): Promise<RunningMain> {
  const folder = appFolder(prefix);
  const write = process.stderr.write.bind(process.stderr);
  process.env.COUNTERPAY_DATA_DIR = folder.dataDir;
  process.stderr.write = ((chunk: string | Uint8Array) => {
    onLine(String(chunk));
    return true;
  }) as typeof process.stderr.write;
  const stop = async () => {
    if (!fake.quitted) fake.electron.app.quit();
    await until('the app to quit', () => fake.quitted, 30_000).catch(() => undefined);
    process.stderr.write = write;
    delete process.env.COUNTERPAY_DATA_DIR;
    rmSync(folder.root, { recursive: true, force: true });
  };
  try {
    await runMain(fake, folder.electronDir);
    await until('the window to load', () => fake.windows.length > 0 && fake.windows[0]?.loadedUrl !== null, 30_000);
  } catch (e) {
    await stop();
    throw e;
  }
  return { folder, stop };
}

/** The embedded sandbox's address, from the boot's "core ready" log line. */
export const apiBaseUrlIn = (line: string): string | null => /"apiBaseUrl":"([^"]+)"/.exec(line)?.[1] ?? null;

export interface IpcAnswer {
  ok: boolean;
  value?: unknown;
  error?: { code: string; message?: string };
}

/** Calls a registered IPC handler as the first window's frame (or another frame) would. */
export function ipcCaller(fake: FakeElectron) {
  return (method: Method, payload: unknown, frame?: FakeFrame | null): Promise<IpcAnswer> => {
    const win = fake.windows[0];
    if (!win) throw new Error('no window');
    const handler = fake.ipcHandlers.get(channelOf(method));
    if (!handler) throw new Error(`no handler for ${method}`);
    const senderFrame = frame === undefined ? win.webContents.mainFrame : frame;
    return Promise.resolve(handler({ sender: win.webContents, senderFrame }, payload)) as Promise<IpcAnswer>;
  };
}

/** Polls until the condition holds (real time: main.ts runs on the real clocks). */
export async function until(what: string, condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!condition()) {
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
