import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { withTempDir } from '../fs/testing/temp-dir.js';
import { watchRendererForReload } from './dev-reload.js';

const settle = (ms: number) => new Promise((r) => setTimeout(r, ms));

test('a rebuild (a burst of writes, nested folders included) asks for one reload', () =>
  withTempDir('dev-reload-', async (dir) => {
    await mkdir(join(dir, 'assets'));
    let reloads = 0;
    const stop = watchRendererForReload(dir, () => (reloads += 1));
    try {
      await settle(50);
      await writeFile(join(dir, 'index.html'), '<!doctype html>');
      await writeFile(join(dir, 'assets', 'index-abc.js'), 'console.log(1)');
      await writeFile(join(dir, 'assets', 'index-abc.css'), 'body{}');
      await settle(600);
      assert.equal(reloads, 1);
    } finally {
      stop();
    }
  }));
