/**
 * The Electron main process wiring, run for real against a fake 'electron'
 * module (fake-electron.ts): the real core boots in training mode with its
 * embedded sandbox, and the test plays the renderer through the recorded IPC
 * handlers. What Electron itself does (sandboxing, CSP enforcement) is
 * covered by e2e/electron.spec.ts where the binary exists.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { METHODS, channelOf, eventChannelOf } from '../../shared/ipc/contract.js';
import { SANDBOX_TERMINALS } from '../sandbox/seed-ids.js';
import { createFakeElectron, type FakeFrame } from './stand-ins/fake-electron.js';
import { APP_ENTRY_URL, APP_SCHEME } from './security.js';
import { menuEntries } from './menu.js';
import { loadWindowState, WINDOW_STATE_FILE } from './window-state.js';
import type { MenuItemConstructorOptions } from 'electron';

const HERE = path.dirname(fileURLToPath(import.meta.url));

type Fake = ReturnType<typeof createFakeElectron>;

async function until(what: string, condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function runMain(fake: Fake, dirname: string): Promise<void> {
  const out = await build({
    entryPoints: [path.join(HERE, 'main.ts')],
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

describe('main process wiring', () => {
  const fake = createFakeElectron();
  const logLines: string[] = [];
  const originalWrite = process.stderr.write.bind(process.stderr);
  let root: string;
  let dataDir: string;

  const invoke = (method: string, payload: unknown, frame?: FakeFrame | null) => {
    const win = fake.windows[0];
    assert.ok(win, 'no window');
    const handler = fake.ipcHandlers.get(channelOf(method as (typeof METHODS)[number]));
    assert.ok(handler, `no handler for ${method}`);
    const senderFrame = frame === undefined ? win.webContents.mainFrame : frame;
    return Promise.resolve(handler({ sender: win.webContents, senderFrame }, payload)) as Promise<{ ok: boolean; value?: unknown; error?: { code: string } }>;
  };

  before(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'counterpay-main-'));
    dataDir = path.join(root, 'data');
    mkdirSync(path.join(root, 'electron'));
    mkdirSync(path.join(root, 'renderer'));
    writeFileSync(path.join(root, 'renderer', 'index.html'), '<!doctype html><title>Counterpay</title>');
    process.env.COUNTERPAY_DATA_DIR = dataDir;
    // The main logger writes JSON lines to stderr: keep them to scan for secrets.
    process.stderr.write = ((chunk: string | Uint8Array) => {
      logLines.push(String(chunk));
      return true;
    }) as typeof process.stderr.write;
    await runMain(fake, path.join(root, 'electron'));
    await until('the window to load', () => fake.windows[0]?.loadedUrl !== null && fake.windows.length > 0);
  });

  after(async () => {
    if (!fake.quitted) fake.electron.app.quit();
    await until('quit', () => fake.quitted).catch(() => undefined);
    process.stderr.write = originalWrite;
    delete process.env.COUNTERPAY_DATA_DIR;
    rmSync(root, { recursive: true, force: true });
  });

  test('before ready: privileged app scheme, sandbox for all renderers, data dir from the env', () => {
    const readyAt = fake.calls.indexOf('ready');
    const schemeAt = fake.calls.findIndex((c) => c.startsWith('registerSchemesAsPrivileged') && c.includes(`"scheme":"${APP_SCHEME}"`));
    assert.ok(schemeAt >= 0 && schemeAt < readyAt, 'scheme must be registered before ready');
    assert.ok(fake.calls.indexOf('enableSandbox') < readyAt);
    assert.equal(fake.electron.app.getPath('userData'), dataDir);
  });

  test('one secure window loading app://counterpay, IPC registered before the page loads', () => {
    assert.equal(fake.windows.length, 1);
    const options = fake.windows[0]?.options as { webPreferences: Record<string, unknown>; title: string; minWidth: number };
    // The Electron security checklist, as the window really got it.
    assert.deepEqual(options.webPreferences, {
      preload: path.join(root, 'electron', 'preload.cjs'),
      devTools: true,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      disableBlinkFeatures: 'Auxclick',
      safeDialogs: true,
      spellcheck: false,
    });
    assert.equal(options.title, 'Counterpay');
    assert.equal(fake.windows[0]?.loadedUrl, APP_ENTRY_URL);
    const loadAt = fake.calls.indexOf(`loadURL ${APP_ENTRY_URL}`);
    for (const m of METHODS) {
      const at = fake.calls.indexOf(`ipcMain.handle ${channelOf(m)}`);
      assert.ok(at >= 0 && at < loadAt, `${m} registered before loadURL`);
    }
    assert.equal(fake.ipcHandlers.size, METHODS.length);
  });

  test('the app protocol serves the renderer folder', async () => {
    assert.ok(fake.protocolHandler);
    const res = await fake.protocolHandler(new Request('app://counterpay/index.html'));
    assert.equal(res.status, 200);
    assert.match(await res.text(), /Counterpay/);
  });

  test('every permission is denied and the spellchecker is off', () => {
    let granted: boolean | null = null;
    fake.permissionHandlers.request?.({}, 'media', (ok: boolean) => (granted = ok), {});
    assert.equal(granted, false);
    assert.equal(fake.permissionHandlers.check?.({}, 'clipboard-read', 'app://counterpay', {}), false);
    assert.equal(fake.permissionHandlers.device?.({}), false);
    assert.ok(fake.calls.includes('spellchecker false'));
  });

  test('navigation, popups and webviews are refused on the window contents', () => {
    const contents = fake.windows[0]?.webContents;
    assert.ok(contents);
    assert.equal(contents.tryNavigate('will-navigate', 'https://evil.example/'), false);
    assert.equal(contents.tryNavigate('will-redirect', 'file:///etc/passwd'), false);
    assert.equal(contents.tryNavigate('will-frame-navigate', 'http://127.0.0.1:1/'), false);
    assert.equal(contents.tryNavigate('will-navigate', 'app://counterpay/index.html#x'), true);
    assert.equal(contents.tryNavigate('will-attach-webview', 'app://counterpay/'), false);
    assert.deepEqual(contents.windowOpenHandler?.({ url: 'https://bank.example/help' }), { action: 'deny' });
    assert.deepEqual(contents.windowOpenHandler?.({ url: 'file:///etc/passwd' }), { action: 'deny' });
    assert.deepEqual(fake.opened, ['https://bank.example/help']);
  });

  test('IPC from our main frame reaches the core', async () => {
    const res = await invoke('getAppState', undefined);
    assert.equal(res.ok, true, JSON.stringify(res));
    assert.equal((res.value as { environment: string }).environment, 'training');
    assert.ok(existsSync(path.join(dataDir, 'training', 'journal')), 'the journal lives under COUNTERPAY_DATA_DIR');
  });

  test('IPC from anything else is forbidden before the core sees it', async () => {
    const main = fake.windows[0]?.webContents.mainFrame;
    assert.ok(main);
    const cases: Array<[string, FakeFrame | null]> = [
      ['frame gone', null],
      ['foreign origin', { ...main, url: 'https://evil.example/' }],
      ['subframe', { ...main, routingId: 2, parent: main }],
      ['other frame in our origin', { ...main, routingId: 99 }],
    ];
    for (const [name, frame] of cases) {
      const res = await invoke('getAppState', undefined, frame);
      assert.equal(res.ok, false, name);
      assert.equal(res.error?.code, 'forbidden', name);
    }
  });

  test('the till menu is set, About names version, environment and data folder, and kiosk sticks across restarts', async () => {
    const template = fake.menus.at(-1) as MenuItemConstructorOptions[];
    assert.ok(template, 'no application menu');
    // This run is unpackaged (a development build): the developer entries are there; menu.test.ts covers production.
    assert.ok(menuEntries(template).includes('toggleDevTools'));
    const items = (list: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] => list.flatMap((i) => [i, ...(Array.isArray(i.submenu) ? items(i.submenu) : [])]);
    const click = (label: string) => (items(template).find((i) => i.label === label)?.click as (() => void) | undefined)?.();
    click('About Counterpay');
    await until('the About box', () => fake.messageBoxes.length > 0);
    const about = fake.messageBoxes[0]?.detail ?? '';
    for (const part of ['Version 0.1.0', 'Environment: Training (no real money)', `Data folder: ${dataDir}`]) assert.ok(about.includes(part), `${part} in ${about}`);
    click('Kiosk (counter only)');
    const win = fake.windows[0];
    assert.equal(win?.kiosk, true);
    assert.equal(win?.fullScreen, true);
    await until('window.json', () => existsSync(path.join(dataDir, WINDOW_STATE_FILE)));
    await until('kiosk saved', () => /"displayMode": "kiosk"/.test(readFileSync(path.join(dataDir, WINDOW_STATE_FILE), 'utf8')));
    assert.equal((await loadWindowState(dataDir)).displayMode, 'kiosk');
  });

  test('invalid payloads are refused by the core with invalid_request', async () => {
    const res = await invoke('charge', { terminalId: '', amountMinor: -5 });
    assert.equal(res.ok, false);
    assert.equal(res.error?.code, 'invalid_request');
  });

  test('a charge pushes attemptUpdated events to the window', async () => {
    const res = await invoke('charge', { terminalId: SANDBOX_TERMINALS.fr.approve, amountMinor: 1330, currency: 'EUR', metadata: {} });
    assert.equal(res.ok, true, JSON.stringify(res));
    const contents = fake.windows[0]?.webContents;
    await until('an attemptUpdated event', () => contents?.sent.some(([c]) => c === eventChannelOf('attemptUpdated')) ?? false);
  });

  test('quitting closes the core (and its embedded sandbox) first, then quits', async () => {
    const ready = logLines.map((l) => /"apiBaseUrl":"([^"]+)"/.exec(l)?.[1]).find(Boolean);
    assert.ok(ready, 'boot logs the sandbox URL');
    assert.equal((await fetch(`${ready}/v2/terminals`)).status, 401, 'sandbox up before quit');
    fake.electron.app.quit();
    assert.equal(fake.quitted, false, 'the first before-quit is held while the core closes');
    await until('quit', () => fake.quitted);
    assert.equal(fake.exitCode, null);
    await assert.rejects(fetch(`${ready}/v2/terminals`), 'sandbox closed with the core');
  });

  test('no log line carries a token', () => {
    assert.ok(logLines.length > 0, 'the main process logged nothing');
    for (const line of logLines) assert.doesNotMatch(line, /ory_at_|ory_rt_/);
  });
});
