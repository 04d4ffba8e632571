/**
 * The Electron main process wiring, run for real against a fake 'electron'
 * module (fake-electron.ts): the real core boots in training mode with its
 * embedded sandbox, and the test plays the renderer through the recorded IPC
 * handlers. What Electron itself does (sandboxing, CSP enforcement) is
 * covered by e2e/electron.spec.ts where the binary exists.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { METHODS, channelOf, eventChannelOf } from '../../shared/ipc/contract.js';
import { SANDBOX_TERMINALS } from '../sandbox/seed-ids.js';
import { localDay } from '../../shared/domain/calendar-day.js';
import { createFakeElectron, type FakeFrame } from './stand-ins/fake-electron.js';
import { apiBaseUrlIn, ipcCaller, startMain, until, type RunningMain } from './stand-ins/run-main.js';
import { APP_ENTRY_URL, APP_SCHEME } from './security.js';
import { menuEntries } from './menu.js';
import { loadWindowState, WINDOW_STATE_FILE } from './window-state.js';
import type { MenuItemConstructorOptions } from 'electron';

describe('main process wiring', () => {
  const fake = createFakeElectron();
  const logLines: string[] = [];
  let root: string;
  let dataDir: string;

  const invoke = ipcCaller(fake);
  let running: RunningMain;

  before(async () => {
    process.env.COUNTERPAY_SMTP_URL = 'smtp://till%40shop.example:smtp-Secret-9@127.0.0.1:2525';
    // The main logger writes JSON lines to stderr: keep them to scan for secrets.
    running = await startMain(fake, 'counterpay-main-', (line) => logLines.push(line));
    root = running.folder.root;
    dataDir = running.folder.dataDir;
  });

  after(async () => {
    await running.stop();
    delete process.env.COUNTERPAY_SMTP_URL;
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

  test('the journal archive is written by the main process where the save dialog says; the window gets no file content', async () => {
    const month = localDay(Date.now()).slice(0, 7);
    fake.saveAnswer.path = null;
    const cancelled = await invoke('archiveJournal', { period: 'month', value: month, by: 'Claire' });
    assert.deepEqual(cancelled, { ok: true, value: { saved: false } });
    const offered = fake.saveDialogs.at(-1)?.defaultPath ?? '';
    assert.equal(path.dirname(offered), fake.electron.app.getPath('documents'));
    assert.match(path.basename(offered), new RegExp(`^counterpay-training-archive-${month}-01_${month}-\\d{2}\\.cparchive$`));
    const file = path.join(root, 'chosen.cparchive');
    fake.saveAnswer.path = file;
    const saved = await invoke('archiveJournal', { period: 'month', value: month, by: 'Claire' });
    assert.equal(saved.ok, true, JSON.stringify(saved));
    assert.deepEqual(Object.keys(saved.value as object).sort(), ['fileName', 'keyId', 'records', 'saved', 'signatures']);
    assert.equal((saved.value as { fileName: string }).fileName, 'chosen.cparchive');
    assert.match(readFileSync(file, 'utf8'), /"writtenBy":"Claire"/);
    fake.saveAnswer.path = null;
  });

  test('a receipt prints from the counter window: paper, height, printer and silence as Settings say', async () => {
    const contents = fake.windows[0]!.webContents;
    const first = await invoke('printReceipt', { heightMm: 143 });
    assert.equal(first.ok, true, JSON.stringify(first));
    // No printer named: the system's dialog asks, on an 80 mm roll exactly as long as the receipt.
    assert.deepEqual(contents.printed.at(-1), { silent: false, printBackground: false, margins: { marginType: 'none' }, pageSize: { width: 80_000, height: 143_000 } });
    const saved = await invoke('saveReceiptSettings', { paper: '58mm', printer: 'EPSON TM-T20', autoPrint: true, footer: 'Merci', mailFrom: null });
    assert.equal(saved.ok, true, JSON.stringify(saved));
    await invoke('printReceipt', { heightMm: 90 });
    assert.deepEqual(contents.printed.at(-1), { silent: true, printBackground: false, deviceName: 'EPSON TM-T20', margins: { marginType: 'none' }, pageSize: { width: 58_000, height: 90_000 } });
    await invoke('saveReceiptSettings', { paper: 'a4', printer: null, autoPrint: false, footer: null, mailFrom: null });
    await invoke('printReceipt', { heightMm: 90 });
    assert.deepEqual(contents.printed.at(-1), { silent: false, printBackground: false, margins: { marginType: 'default' }, pageSize: 'A4' });
    // A failed print is the cashier's to see; a closed dialog is not a failure.
    contents.printOutcome = [false, 'cancelled'];
    assert.equal((await invoke('printReceipt', { heightMm: 90 })).ok, true);
    contents.printOutcome = [false, 'Printer is offline'];
    assert.equal((await invoke('printReceipt', { heightMm: 90 })).ok, false);
    contents.printOutcome = [true, ''];
  });

  test('a refund recorded through main.ts opens its refund receipt, the next number, naming the sale\'s', async () => {
    // The sale charged above, once the sandbox's terminal has approved it (one sale holds the register at a time).
    let sale: { id: string; state: string; createdAt: number } | undefined;
    for (let i = 0; i < 500 && !sale; i++) {
      const list = (await invoke('listAttempts', undefined)).value as { attempts: { id: string; state: string; createdAt: number }[] };
      sale = list.attempts.find((a) => a.state === 'authorized');
      if (!sale) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    assert.ok(sale, 'the charge above was approved');
    const day = localDay(sale.createdAt);
    const recorded = await invoke('recordRefund', { attemptId: sale.id, day, amountMinor: 700, where: 'terminal', reason: 'one item back', by: 'Claire' });
    assert.equal(recorded.ok, true, JSON.stringify(recorded));
    const row = (recorded.value as { rows: { attemptId: string; refunds?: { refundId: string }[] }[] }).rows.find((r) => r.attemptId === sale.id);
    const refundId = row?.refunds?.[0]?.refundId ?? '';
    const opened = await invoke('openRefundReceipt', { refundId, day });
    assert.equal(opened.ok, true, JSON.stringify(opened));
    const receipt = (opened.value as { receipt: { number: string; duplicate: boolean; orderReference: string | null; refund: { originalNumber: string; refundedMinor: number } } }).receipt;
    const sold = (await invoke('openReceipt', { attemptId: sale.id, day })).value as { receipt: { number: string } };
    assert.deepEqual([receipt.refund.originalNumber, receipt.refund.refundedMinor, receipt.orderReference, receipt.duplicate], [sold.receipt.number, 700, null, false]);
    assert.equal(Number(receipt.number), Number(sold.receipt.number) + 1);
    assert.equal((await invoke('openRefundReceipt', { refundId: '3b241101-e2bb-4255-8caf-4136c566a962', day })).error?.code, 'not_found');
  });

  test('COUNTERPAY_SMTP_URL is shown read-only, never its password', async () => {
    const res = await invoke('getReceiptSettings', undefined);
    assert.equal(res.ok, true, JSON.stringify(res));
    assert.deepEqual((res.value as { mail: unknown }).mail, { source: 'environment', target: { host: '127.0.0.1', port: 2525, user: 'till@shop.example', tls: false } });
    assert.doesNotMatch(JSON.stringify(res.value), /smtp-Secret-9/);
    const change = await invoke('saveReceiptSettings', { paper: '80mm', printer: null, autoPrint: false, footer: null, mailFrom: null, mailServer: { host: 'mail.example', port: 587, tls: false, user: 'other', password: 'pw' } });
    assert.equal(change.ok, false);
    assert.equal(change.error?.code, 'conflict');
  });

  test('quitting closes the core (and its embedded sandbox) first, then quits', async () => {
    const ready = logLines.map(apiBaseUrlIn).find(Boolean);
    assert.ok(ready, 'boot logs the sandbox URL');
    assert.equal((await fetch(`${ready}/v2/terminals`)).status, 401, 'sandbox up before quit');
    fake.electron.app.quit();
    assert.equal(fake.quitted, false, 'the first before-quit is held while the core closes');
    await until('quit', () => fake.quitted);
    assert.equal(fake.exitCode, null);
    await assert.rejects(fetch(`${ready}/v2/terminals`), 'sandbox closed with the core');
    // Its daily log file, written in batches, holds the payment's lines made later by the time it quit.
    const logs = path.join(dataDir, 'logs');
    const file = readdirSync(logs).map((f) => readFileSync(path.join(logs, f), 'utf8')).join('');
    assert.match(file, /"msg":"attempt sending"/);
    assert.match(file, /"msg":"bank request","method":"POST"/);
    assert.doesNotMatch(file, /ory_at_|ory_rt_|smtp-Secret-9/);
  });

  test('no log line carries a token', () => {
    assert.ok(logLines.length > 0, 'the main process logged nothing');
    for (const line of logLines) assert.doesNotMatch(line, /ory_at_|ory_rt_|smtp-Secret-9/);
  });
});
