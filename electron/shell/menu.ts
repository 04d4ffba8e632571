/**
 * The till's menu. A counter needs little: About, the counter display (window,
 * full screen, kiosk), editing shortcuts for the text fields, and Quit. Reload
 * and the developer tools exist only in a development build, because on a till
 * a reload mid-payment or an open console is a support call.
 */
import type { MenuItemConstructorOptions } from 'electron';
import type { DisplayMode } from './window-state.js';

export interface MenuOptions {
  /** app.isPackaged: an installed build. */
  production: boolean;
  isMac: boolean;
  displayMode: DisplayMode;
  onAbout(): void;
  onDisplayMode(mode: DisplayMode): void;
}

/** Leaves kiosk mode too, where the menu bar is hidden; managers learn it from docs/manager-guide.md. */
export const DISPLAY_ACCELERATORS: Record<DisplayMode, string> = {
  window: 'CmdOrCtrl+Shift+W',
  fullscreen: 'F11',
  kiosk: 'CmdOrCtrl+Shift+K',
};

const DISPLAY_LABELS: Record<DisplayMode, string> = { window: 'Window', fullscreen: 'Full screen', kiosk: 'Kiosk (counter only)' };

export function menuTemplate(opts: MenuOptions): MenuItemConstructorOptions[] {
  const about: MenuItemConstructorOptions = { label: 'About Counterpay', click: () => opts.onAbout() };
  const display: MenuItemConstructorOptions[] = (['window', 'fullscreen', 'kiosk'] as const).map((mode) => ({
    label: DISPLAY_LABELS[mode],
    type: 'radio',
    checked: opts.displayMode === mode,
    accelerator: DISPLAY_ACCELERATORS[mode],
    click: () => opts.onDisplayMode(mode),
  }));
  const developer: MenuItemConstructorOptions[] = opts.production ? [] : [{ type: 'separator' }, { role: 'reload' }, { role: 'forceReload' }, { role: 'toggleDevTools' }];
  return [
    opts.isMac
      ? { label: 'Counterpay', submenu: [about, { type: 'separator' }, { role: 'hide' }, { role: 'quit' }] }
      : { label: 'File', submenu: [{ role: 'quit' }] },
    { label: 'Edit', submenu: [{ role: 'undo' }, { role: 'redo' }, { type: 'separator' }, { role: 'cut' }, { role: 'copy' }, { role: 'paste' }, { role: 'selectAll' }] },
    { label: 'View', submenu: [{ label: 'Counter display', submenu: display }, ...developer] },
    ...(opts.isMac ? [] : [{ label: 'Help', submenu: [about] }]),
  ];
}

/** Every role and label in a template, depth first: what the tests and the _electron suite compare. */
export function menuEntries(template: readonly MenuItemConstructorOptions[]): string[] {
  return template.flatMap((item) => {
    const own = item.role ?? item.label ?? item.type ?? '';
    const sub = Array.isArray(item.submenu) ? menuEntries(item.submenu) : [];
    return [String(own), ...sub];
  });
}
