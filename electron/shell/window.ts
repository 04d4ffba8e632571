/**
 * The one BrowserWindow and the limits on what any web contents may do:
 * navigate only within app://counterpay, never open windows or webviews,
 * never get a permission. The rules themselves live in security.ts.
 */
import { app, BrowserWindow, shell, type Session, type WebContents } from 'electron';
import type { Logger } from '../log.js';
import { MIN_SIZE, type Rect } from './window-state.js';
import { APP_ENTRY_URL, externalUrlToOpen, isAllowedNavigation, originOf } from './security.js';

/** Every permission (camera, notifications, clipboard-read, HID, serial, …) is denied, asked or checked. */
export function hardenSession(ses: Session): void {
  ses.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  ses.setPermissionCheckHandler(() => false);
  ses.setDevicePermissionHandler(() => false);
  ses.setSpellCheckerEnabled(false);
}

/** Attached through app 'web-contents-created', so it also covers contents we did not create ourselves. */
export function hardenWebContents(contents: WebContents, logger: Logger): void {
  const guard = (kind: string) => (event: { url: string; preventDefault(): void }) => {
    if (isAllowedNavigation(event.url)) return;
    event.preventDefault();
    logger.warn('navigation blocked', { kind, origin: originOf(event.url) });
  };
  contents.on('will-navigate', guard('will-navigate'));
  contents.on('will-frame-navigate', guard('will-frame-navigate'));
  contents.on('will-redirect', guard('will-redirect'));
  contents.on('will-attach-webview', (event) => {
    event.preventDefault();
    logger.warn('webview attach blocked');
  });
  contents.setWindowOpenHandler(({ url }) => {
    const external = externalUrlToOpen(url);
    if (external) void shell.openExternal(external);
    else logger.warn('window.open blocked', { origin: originOf(url) });
    return { action: 'deny' };
  });
}

// A renderer crash must not leave a blank till, but a page that crashes on
// load must not be reloaded forever either.
const MAX_CRASH_RELOADS = 3;

export function createMainWindow(preloadPath: string, logger: Logger, bounds: Rect): BrowserWindow {
  // The Electron security checklist, written out here rather than built by a helper, so static
  // checkers (electronegativity, run in CI by npm run check:electron) see every option.
  const win = new BrowserWindow({
    ...bounds,
    minWidth: MIN_SIZE.width,
    minHeight: MIN_SIZE.height,
    title: 'Counterpay',
    show: false,
    backgroundColor: '#ffffff',
    autoHideMenuBar: true,
    webPreferences: {
      preload: preloadPath,
      // DevTools only in development: in an installed till they would let anyone at the counter call window.counterpay past the UI.
      devTools: !app.isPackaged,
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
      // Middle-click would ask for a new window; the open handler denies it anyway, this stops the request being made.
      disableBlinkFeatures: 'Auxclick',
      // A flood of alert() from a compromised page must not lock the till.
      safeDialogs: true,
      // The spellchecker downloads dictionaries from a Google CDN; a till has no use for it.
      spellcheck: false,
    },
  });
  win.once('ready-to-show', () => win.show());
  let reloads = 0;
  win.webContents.on('render-process-gone', (_event, details) => {
    logger.error('renderer gone', { reason: details.reason, exitCode: details.exitCode });
    if (details.reason === 'clean-exit' || reloads >= MAX_CRASH_RELOADS || win.isDestroyed()) return;
    reloads += 1;
    void win.loadURL(APP_ENTRY_URL);
  });
  return win;
}
