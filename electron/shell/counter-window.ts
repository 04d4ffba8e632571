/**
 * The Electron side of the till's window: its menu, About, the display mode a
 * manager picks (window, full screen, kiosk) and the size and place it comes
 * back to. The decisions live in menu.ts, about.ts and window-state.ts; this
 * file only applies them to a BrowserWindow.
 */
import { app, dialog, Menu, screen, type BrowserWindow } from 'electron';
import type { Environment } from '../../shared/ipc/types.js';
import type { Logger } from '../log.js';
import { aboutDetail } from './about.js';
import { menuTemplate } from './menu.js';
import { placeWindow, saveWindowState, type DisplayMode, type Rect, type WindowState } from './window-state.js';

export interface CounterWindowOptions {
  dataDir: string;
  state: WindowState;
  environment(): Environment | null;
  logger: Logger;
}

/** Bounds for the BrowserWindow constructor, from the saved state and today's screens. */
export function initialBounds(state: WindowState): Rect {
  const primary = screen.getPrimaryDisplay();
  const others = screen.getAllDisplays().filter((d) => d.id !== primary.id);
  return placeWindow(state.bounds, [primary.workArea, ...others.map((d) => d.workArea)]);
}

export function attachCounterWindow(win: BrowserWindow, opts: CounterWindowOptions): void {
  const state: WindowState = { ...opts.state };
  const save = () => void saveWindowState(opts.dataDir, state).catch((e: unknown) => opts.logger.warn('window state not saved', { message: String(e) }));

  const showAbout = () => void dialog.showMessageBox(win, {
    type: 'info', title: 'About Counterpay', message: 'Counterpay',
    detail: aboutDetail({ version: app.getVersion(), environment: opts.environment(), dataDir: opts.dataDir, versions: process.versions }),
  });
  const applyMode = (mode: DisplayMode) => {
    state.displayMode = mode;
    win.setKiosk(mode === 'kiosk');
    win.setFullScreen(mode !== 'window');
    setMenu();
    save();
  };
  const setMenu = () => Menu.setApplicationMenu(Menu.buildFromTemplate(menuTemplate({
    production: app.isPackaged, isMac: process.platform === 'darwin', displayMode: state.displayMode, onAbout: showAbout, onDisplayMode: applyMode,
  })));

  setMenu();
  if (state.maximized) win.maximize();
  if (state.displayMode !== 'window') applyMode(state.displayMode);
  // Normal bounds, not the maximized or full-screen ones: that is what a restart should restore.
  win.on('close', () => {
    state.bounds = win.getNormalBounds();
    state.maximized = win.isMaximized();
    save();
  });
}
