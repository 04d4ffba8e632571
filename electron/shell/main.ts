/**
 * The Electron main process: wiring only. Security rules live in security.ts,
 * the window in window.ts, the IPC bridge in ipc-bridge.ts and everything the
 * app does in the core (electron/core/), which knows nothing about Electron.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { app, dialog, protocol, safeStorage, session, shell, type BrowserWindow } from 'electron';
import { createAppRequestHandler } from './app-protocol.js';
import { chromiumLang, savedRegisterLanguage } from './chromium-lang.js';
import { safeStorageCipher } from './safe-storage-cipher.js';
import { bootCore } from '../core/boot.js';
import { forwardEvents, registerIpc } from './ipc-bridge.js';
import { createLogger } from '../log.js';
import { fileSink } from '../log-file.js';
import { APP_ENTRY_URL, APP_SCHEME, APP_SCHEME_PRIVILEGES, dataDirFromEnv } from './security.js';
import { attachCounterWindow, initialBounds } from './counter-window.js';
import { watchRendererForReload } from './dev-reload.js';
import { installFatalHandlers } from './fatal-errors.js';
import { dataFolderUnusableWords, shellLanguage, startFailureWords, type DialogWords } from './shell-words.js';
import { updateFeedFromEnv } from './update-policy.js';
import { startUpdates, type Updates } from './updater.js';
import { loadWindowState } from './window-state.js';
import { createMainWindow, hardenSession, hardenWebContents } from './window.js';
import { isRegisterName } from '../../shared/validation/register-name.js';
import { windowPrinter } from './receipt-printer.js';
import { saveDialogChooser } from './save-dialog.js';

type Booted = Awaited<ReturnType<typeof bootCore>>;

// Bundled to dist/electron/main.cjs: the preload sits next to it, the renderer in dist/renderer.
const PRELOAD_PATH = path.join(__dirname, 'preload.cjs');
const RENDERER_ROOT = path.resolve(__dirname, '..', 'renderer');
// Quitting must never hang on a stuck network call: the journal is already durable.
const CORE_CLOSE_TIMEOUT_MS = 5000;

const logFile = fileSink();
const logger = createLogger(logFile.sink);
let win: BrowserWindow | null = null;
let booted: Booted | null = null;
let updates: Updates | null = null;
let shutdown: 'running' | 'closing' | 'closed' = 'running';

const language = () => shellLanguage(process.env, app.isReady() ? app.getLocale() : null);

/** words: what the person reads; technical: what the log keeps. */
function fail(words: DialogWords, technical: string): void {
  logger.error('could not start', { message: technical });
  if (app.isReady()) dialog.showErrorBox(words.title, words.message);
  app.exit(1);
}

async function start(): Promise<void> {
  const entry = path.join(RENDERER_ROOT, 'index.html');
  if (!existsSync(entry)) throw new Error(`${entry} is missing: run \`npm run build\` first.`);
  hardenSession(session.defaultSession);
  protocol.handle(
    APP_SCHEME,
    createAppRequestHandler(RENDERER_ROOT, {
      // A missing file is a broken build or a stray favicon request; anything else may be an attack.
      onRefused: (url, status, reason) => logger[status === 404 ? 'info' : 'warn']('app:// request refused', { url, status, reason }),
    }),
  );

  logFile.open(path.join(app.getPath('userData'), 'logs'));
  // The bank's sign-in opens in the system browser (RFC 8252), never in our window; secrets go to the OS keychain.
  booted = await bootCore({
    dataDir: app.getPath('userData'),
    logger,
    openExternal: (url) => shell.openExternal(url),
    cipher: safeStorageCipher(safeStorage),
    // Scripts and installers may set the store for this computer; Settings then show it read-only.
    store: process.env.COUNTERPAY_STORE_URL
      ? { url: process.env.COUNTERPAY_STORE_URL, registerName: isRegisterName(process.env.COUNTERPAY_REGISTER_NAME) ? process.env.COUNTERPAY_REGISTER_NAME : null, source: 'environment' }
      : null,
    // The receipt prints from the counter window; a mail server set for this computer is shown read-only in Settings.
    receipts: { printer: windowPrinter(() => win), smtpUrl: process.env.COUNTERPAY_SMTP_URL ?? null },
    // The archive is written by this process where the manager chooses: a year's file never crosses IPC.
    chooseSavePath: saveDialogChooser(dialog, () => win, () => app.getPath('documents')),
  });

  // Handlers exist before the page loads: its first call (getAppState) must not race them.
  const dataDir = app.getPath('userData');
  const { problem: windowProblem, ...windowState } = await loadWindowState(dataDir);
  if (windowProblem) logger.warn('window place and size not restored', { problem: windowProblem });
  const window = createMainWindow(PRELOAD_PATH, logger, initialBounds(windowState));
  win = window;
  const core = booted.core;
  attachCounterWindow(window, { dataDir, state: windowState, environment: () => core.environment, logger });
  if (!app.isPackaged && process.env.COUNTERPAY_DEV_RELOAD === '1') watchRendererForReload(RENDERER_ROOT, () => window.webContents.reload(), logger);
  const removeIpc = registerIpc(booted.core, window, logger);
  const stopEvents = forwardEvents(booted.core, window);
  window.on('closed', () => {
    stopEvents();
    removeIpc();
    win = null;
  });
  await window.loadURL(APP_ENTRY_URL);

  const feed = updateFeedFromEnv(process.env);
  if (!feed.ok) logger.warn('updates off', { reason: feed.message });
  else if (feed.url) updates = await startUpdates({ feedUrl: feed.url, currentVersion: app.getVersion(), logger });
}

async function closeCore(current: Booted): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      logger.warn('core did not close in time; quitting anyway', { timeoutMs: CORE_CLOSE_TIMEOUT_MS });
      resolve();
    }, CORE_CLOSE_TIMEOUT_MS);
  });
  try {
    await Promise.race([current.close(), timeout]);
  } catch (e) {
    logger.error('core close failed', { message: e instanceof Error ? e.message : String(e) });
  } finally {
    clearTimeout(timer);
  }
}

function main(): void {
  installFatalHandlers({
    proc: process,
    logger,
    tell: (title, message) => {
      if (app.isReady()) dialog.showErrorBox(title, message);
    },
    language,
    shutdown: () => (booted ? closeCore(booted) : Promise.resolve()),
    exit: (code) => app.exit(code),
  });
  // Both must happen before 'ready': scheme privileges and the sandbox cannot be granted later.
  protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: APP_SCHEME_PRIVILEGES }]);
  app.enableSandbox();
  app.setAppUserModelId('app.counterpay.pos');

  const dataDir = dataDirFromEnv(process.env);
  if (!dataDir.ok) {
    fail(dataFolderUnusableWords(language()), dataDir.message);
    return;
  }
  // Set before the single-instance lock, which is keyed on the userData folder.
  if (dataDir.dir) app.setPath('userData', dataDir.dir);
  // Chromium's date pickers speak the screen's language only if told before 'ready'.
  const lang = chromiumLang(process.env, savedRegisterLanguage(app.getPath('userData')));
  if (lang) app.commandLine.appendSwitch('lang', lang);

  // Two instances on one data folder would run two payment engines on one journal.
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return;
  }
  app.on('second-instance', () => {
    if (!win) return;
    if (win.isMinimized()) win.restore();
    win.show();
    win.focus();
  });
  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents, logger));

  // A till has one window: closing it ends the app on every platform, macOS included.
  app.on('window-all-closed', () => app.quit());
  app.on('before-quit', (event) => {
    if (shutdown === 'closed' || !booted) return;
    event.preventDefault();
    if (shutdown === 'closing') return;
    shutdown = 'closing';
    updates?.beforeQuit(booted.core.openAttemptCount());
    void closeCore(booted).finally(() => {
      shutdown = 'closed';
      logFile.close();
      app.quit();
    });
  });

  app
    .whenReady()
    .then(start)
    .catch((e: unknown) => fail(startFailureWords(language(), e), e instanceof Error ? e.message : String(e)));
}

main();
