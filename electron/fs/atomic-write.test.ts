import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, open, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeAtomicallyBy, writeFileAtomic } from './atomic-write.js';
import { withTempDir } from './testing/temp-dir.js';

const withDir = (fn: (dir: string) => Promise<void>) => withTempDir('atomic-write-', fn);

describe('writeFileAtomic', () => {
  test('creates then replaces a file and leaves no temporary file behind', () =>
    withDir(async (dir) => {
      const path = join(dir, 'state.json');
      await writeFileAtomic(path, 'first');
      await writeFileAtomic(path, Buffer.from('second'));
      assert.equal(await readFile(path, 'utf8'), 'second');
      assert.deepEqual(await readdir(dir), ['state.json']);
    }));

  test('applies the requested permissions', { skip: process.platform === 'win32' }, () =>
    withDir(async (dir) => {
      const path = join(dir, 'secret.bin');
      await writeFileAtomic(path, 'x', { mode: 0o600 });
      assert.equal((await stat(path)).mode & 0o777, 0o600);
    }));

  test('a new file is readable by its owner only unless told otherwise, and so is one it replaces', { skip: process.platform === 'win32' }, () =>
    withDir(async (dir) => {
      const path = join(dir, 'terminals.json');
      await writeFile(path, 'old', { mode: 0o644 });
      await writeFileAtomic(path, 'new');
      assert.equal((await stat(path)).mode & 0o777, 0o600);
    }));

  test('a failed replace keeps the old content and removes the temporary file', () =>
    withDir(async (dir) => {
      // A non-empty directory at the target makes the rename fail after the temp file was written.
      const path = join(dir, 'target');
      await mkdir(path);
      await writeFile(join(path, 'inside'), 'old');
      await assert.rejects(writeFileAtomic(path, 'new'));
      assert.deepEqual((await readdir(dir)).sort(), ['target']);
      assert.equal(await readFile(join(path, 'inside'), 'utf8'), 'old');
    }));

  test('a file written piece by piece replaces the target only once whole; a piece that fails leaves the old file and no temporary one', () =>
    withDir(async (dir) => {
      const path = join(dir, 'year.cparchive');
      await writeFile(path, 'old');
      await assert.rejects(writeAtomicallyBy(path, async (handle) => {
        await handle.write('half of it');
        throw new Error('the journal changed');
      }), /the journal changed/);
      assert.equal(await readFile(path, 'utf8'), 'old');
      assert.deepEqual(await readdir(dir), ['year.cparchive']);
      const answer = await writeAtomicallyBy(path, async (handle) => {
        for (const piece of ['first ', 'second']) await handle.write(piece);
        return 12;
      }, { mode: 0o644 });
      assert.equal(answer, 12);
      assert.equal(await readFile(path, 'utf8'), 'first second');
      if (process.platform !== 'win32') assert.equal((await stat(path)).mode & 0o777, 0o644);
      assert.deepEqual(await readdir(dir), ['year.cparchive']);
    }));

  test('concurrent writers never interleave: the file holds one complete payload', () =>
    withDir(async (dir) => {
      const path = join(dir, 'race.txt');
      const payloads = Array.from({ length: 20 }, (_, i) => String(i).repeat(10_000));
      await Promise.all(payloads.map((p) => writeFileAtomic(path, p)));
      assert.ok(payloads.includes(await readFile(path, 'utf8')));
      assert.deepEqual(await readdir(dir), ['race.txt']);
    }));

  // Windows refuses a rename over a file someone holds open; the write waits for the handle to go.
  test('replaces a file another handle holds open for a moment', () =>
    withDir(async (dir) => {
      const path = join(dir, 'settings.json');
      await writeFile(path, 'old');
      const reader = await open(path, 'r');
      const released = new Promise((resolve) => setTimeout(resolve, 150)).then(() => reader.close());
      await writeFileAtomic(path, 'new');
      await released;
      assert.equal(await readFile(path, 'utf8'), 'new');
      assert.deepEqual(await readdir(dir), ['settings.json']);
    }));

  test('on Windows, a handle held past the budget fails the write and leaves the old file whole', { skip: process.platform !== 'win32' && 'POSIX renames over open files' }, () =>
    withDir(async (dir) => {
      const path = join(dir, 'settings.json');
      await writeFile(path, 'old');
      const reader = await open(path, 'r');
      try {
        await assert.rejects(writeFileAtomic(path, 'new', { renameBudgetMs: 50 }), { code: /^(EPERM|EACCES|EBUSY)$/ });
      } finally {
        await reader.close();
      }
      assert.equal(await readFile(path, 'utf8'), 'old');
      assert.deepEqual(await readdir(dir), ['settings.json']);
    }));
});
