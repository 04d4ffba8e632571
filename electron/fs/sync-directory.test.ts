import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { directorySyncUnsupported, syncDirectory } from './sync-directory.js';
import { withTempDir } from './testing/temp-dir.js';

test('Windows refusing to flush a directory is expected there, and only there', () => {
  assert.equal(directorySyncUnsupported('EPERM', 'win32'), true);
  assert.equal(directorySyncUnsupported('EACCES', 'win32'), true);
  assert.equal(directorySyncUnsupported('EPERM', 'linux'), false);
  assert.equal(directorySyncUnsupported('EINVAL', 'linux'), true);
  assert.equal(directorySyncUnsupported('ENOENT', 'win32'), false);
  assert.equal(directorySyncUnsupported('EIO', 'linux'), false);
  assert.equal(directorySyncUnsupported(undefined, 'win32'), false);
});

test('flushing an existing folder succeeds on this OS', () => withTempDir('sync-dir-', (dir) => syncDirectory(dir)));

test('a missing folder is an error on every OS', () =>
  withTempDir('sync-dir-', async (dir) => {
    await assert.rejects(syncDirectory(join(dir, 'gone')), { code: 'ENOENT' });
  }));
