import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { withTempDir } from '../fs/testing/temp-dir.js';
import { loadWindowState, MAX_WINDOW_STATE_CHARS, parseWindowState, placeWindow, saveWindowState, WINDOW_STATE_FILE } from './window-state.js';

const FHD = { x: 0, y: 0, width: 1920, height: 1040 };
const RIGHT = { x: 1920, y: 0, width: 1280, height: 984 };

test('size, place, maximized and display mode survive a restart', () =>
  withTempDir('window-state-', async (dir) => {
    assert.deepEqual(await loadWindowState(dir), { bounds: null, maximized: false, displayMode: 'window' });
    const state = { bounds: { x: 40, y: 30, width: 1400, height: 900 }, maximized: true, displayMode: 'kiosk' as const };
    await saveWindowState(dir, state);
    assert.deepEqual(await loadWindowState(dir), state);
  }));

test('a damaged file or bad fields fall back one by one, never throw', () =>
  withTempDir('window-state-', async (dir) => {
    await writeFile(join(dir, WINDOW_STATE_FILE), '{"bounds": {"x": 1');
    const damaged = await loadWindowState(dir);
    assert.deepEqual({ ...damaged, problem: undefined }, { bounds: null, maximized: false, displayMode: 'window', problem: undefined });
    assert.match(damaged.problem ?? '', /^window\.json ignored: not valid JSON/);
    assert.deepEqual(parseWindowState({ bounds: { x: 0, y: 0, width: 1.5, height: 10 }, maximized: 'yes', displayMode: 'fullscreen' }),
      { bounds: null, maximized: false, displayMode: 'fullscreen' });
    assert.equal(parseWindowState({ displayMode: 'cinema' }).displayMode, 'window');
    assert.match(await readFile(join(dir, WINDOW_STATE_FILE), 'utf8'), /"x": 1/);
  }));

test('an oversized or deeply nested window.json is refused with its reason, before it is read or walked', () =>
  withTempDir('window-state-', async (dir) => {
    await writeFile(join(dir, WINDOW_STATE_FILE), `{"displayMode": "kiosk", "pad": "${'x'.repeat(MAX_WINDOW_STATE_CHARS)}"}`);
    const big = await loadWindowState(dir);
    assert.equal(big.displayMode, 'window');
    assert.match(big.problem ?? '', /^window\.json not read: the file is far too large/);
    await writeFile(join(dir, WINDOW_STATE_FILE), `{"displayMode": "kiosk", "x": ${'['.repeat(60)}${']'.repeat(60)}}`);
    const deep = await loadWindowState(dir);
    assert.equal(deep.displayMode, 'window');
    assert.match(deep.problem ?? '', /^window\.json ignored: too deep/);
  }));

test('the saved place is used when its title bar is on a screen, shrunk to fit that screen', () => {
  assert.deepEqual(placeWindow({ x: 100, y: 50, width: 1300, height: 820 }, [FHD]), { x: 100, y: 50, width: 1300, height: 820 });
  assert.deepEqual(placeWindow({ x: 2000, y: 10, width: 1600, height: 1200 }, [FHD, RIGHT]), { x: 2000, y: 10, width: 1280, height: 984 });
});

test('a window saved on a screen that is gone opens centred on the primary screen', () => {
  assert.deepEqual(placeWindow({ x: 2000, y: 10, width: 1200, height: 800 }, [FHD]), { x: 320, y: 120, width: 1280, height: 800 });
  assert.deepEqual(placeWindow({ x: 10, y: -500, width: 1200, height: 800 }, [FHD]), { x: 320, y: 120, width: 1280, height: 800 });
  assert.deepEqual(placeWindow(null, [{ x: 0, y: 0, width: 1024, height: 700 }]), { x: 0, y: 0, width: 1024, height: 700 });
});
