import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { readTextIfExists } from './read-text.js';
import { withTempDir } from './testing/temp-dir.js';

describe('readTextIfExists', () => {
  test('reads a file as UTF-8 text', () =>
    withTempDir('read-text-', async (dir) => {
      await writeFile(join(dir, 'a.json'), 'héllo');
      assert.equal(await readTextIfExists(join(dir, 'a.json')), 'héllo');
    }));

  test('a missing file is null', () =>
    withTempDir('read-text-', async (dir) => {
      assert.equal(await readTextIfExists(join(dir, 'missing.json')), null);
    }));

  test('any other failure is thrown, not taken for a missing file', () =>
    withTempDir('read-text-', async (dir) => {
      await mkdir(join(dir, 'folder'));
      await assert.rejects(readTextIfExists(join(dir, 'folder')), { code: 'EISDIR' });
    }));
});
