import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { MenuItemConstructorOptions } from 'electron';
import { aboutDetail } from './about.js';
import { menuEntries, menuTemplate, type MenuOptions } from './menu.js';
import type { DisplayMode } from './window-state.js';

const options = (over: Partial<MenuOptions> = {}): MenuOptions => ({
  production: true, isMac: false, displayMode: 'window', onAbout: () => undefined, onDisplayMode: () => undefined, ...over,
});
const DEV_ROLES = ['reload', 'forceReload', 'toggleDevTools'];

test('an installed build has no Reload and no developer tools, on every OS', () => {
  for (const isMac of [false, true]) {
    const entries = menuEntries(menuTemplate(options({ isMac })));
    for (const role of DEV_ROLES) assert.ok(!entries.includes(role), `${role} in ${entries.join(', ')}`);
    assert.ok(entries.includes('About Counterpay') && entries.includes('quit') && entries.includes('paste'));
  }
});

test('a development build adds Reload and the developer tools', () => {
  const entries = menuEntries(menuTemplate(options({ production: false })));
  for (const role of DEV_ROLES) assert.ok(entries.includes(role));
});

test('the counter display items show the current mode and report the one picked', () => {
  const picked: DisplayMode[] = [];
  let about = 0;
  const template = menuTemplate(options({ displayMode: 'kiosk', onDisplayMode: (m) => picked.push(m), onAbout: () => (about += 1) }));
  const flat = (items: readonly MenuItemConstructorOptions[]): MenuItemConstructorOptions[] =>
    items.flatMap((i) => [i, ...(Array.isArray(i.submenu) ? flat(i.submenu) : [])]);
  const radios = flat(template).filter((i) => i.type === 'radio');
  assert.deepEqual(radios.map((r) => [r.label, r.checked]), [['Window', false], ['Full screen', false], ['Kiosk (counter only)', true]]);
  const click = (item: MenuItemConstructorOptions | undefined) => (item?.click as (() => void) | undefined)?.();
  click(radios[1]);
  click(flat(template).find((i) => i.label === 'About Counterpay'));
  assert.deepEqual(picked, ['fullscreen']);
  assert.equal(about, 1);
});

test('About names the version, the environment in words and the data folder', () => {
  const text = aboutDetail({ version: '1.4.2', environment: 'production', dataDir: 'C:\\Users\\till\\AppData\\Roaming\\Counterpay', versions: { electron: '45.4.1', chrome: '142.0', node: '22.20.0' } });
  assert.match(text, /^Version 1\.4\.2$/m);
  assert.match(text, /^Environment: Production \(real payments\)$/m);
  assert.match(text, /^Data folder: C:\\Users\\till\\AppData\\Roaming\\Counterpay$/m);
  assert.match(text, /Electron 45\.4\.1, Chromium 142\.0, Node 22\.20\.0/);
  assert.match(aboutDetail({ version: '1', environment: 'training', dataDir: '/d', versions: { node: '20' } }), /Training \(no real money\)/);
});
