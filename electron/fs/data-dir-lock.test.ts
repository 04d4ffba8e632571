/** One writing process per data folder; a crashed holder never blocks the next start. */
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DataDirLockedError, describeThisProcess, lockAddress, lockDataDir } from './data-dir-lock.js';
import { withTempDir } from './testing/temp-dir.js';
import { runJournalCli } from '../history/cli.js';
import { Journal } from '../payments/journal.js';
import { newAttempt } from '../payments/new-attempt.js';
import { SALE, T0 } from '../payments/testing/engine-fixture.js';

const HOLDER = fileURLToPath(new URL('./testing/hold-lock.ts', import.meta.url));

/** Starts a process holding the lock on dir; resolves once it says whether it got it. */
function holdInChild(dir: string, platform = process.platform): Promise<{ child: ChildProcess; said: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', HOLDER, dir, platform], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.setEncoding('utf8');
    child.stdout!.on('data', (d: string) => {
      out += d;
      if (out.includes('\n')) resolve({ child, said: out.trim() });
    });
    child.on('exit', (code) => (out.includes('\n') ? undefined : reject(new Error(`holder exited with ${code}: ${out}`))));
  });
}

const killHard = (child: ChildProcess) => new Promise<void>((resolve) => {
  if (child.exitCode !== null) return resolve();
  child.once('exit', () => resolve());
  child.kill('SIGKILL');
});

describe('data folder lock', () => {
  test('a second opener in the same process is refused, naming the folder and the holder; release frees it', () =>
    withTempDir('dir-lock-', async (dir) => {
      const first = await lockDataDir(dir, 'the Counterpay harness');
      const err = await lockDataDir(dir, 'a second harness').then(() => null, (e: unknown) => e);
      assert.ok(err instanceof DataDirLockedError);
      assert.equal(err.holder?.program, 'the Counterpay harness');
      assert.equal(err.holder?.pid, process.pid);
      assert.ok(err.message.includes(dir));
      assert.match(err.message, new RegExp(`in use by the Counterpay harness \\(process ${process.pid}, running since `));
      await first.release();
      const again = await lockDataDir(dir);
      await again.release();
    }));

  test('another path to the same folder meets the same lock; another folder does not', () =>
    withTempDir('dir-lock-', async (root) => {
      const dir = join(root, 'data');
      const other = join(root, 'other');
      mkdirSync(dir);
      mkdirSync(other);
      symlinkSync(dir, join(root, 'link'));
      assert.equal(lockAddress(join(root, 'link')), lockAddress(dir));
      const held = await lockDataDir(dir);
      try {
        await assert.rejects(lockDataDir(join(root, 'link')), DataDirLockedError);
        await assert.rejects(lockDataDir(join(root, 'link', '..', 'data')), DataDirLockedError);
        const elsewhere = await lockDataDir(other);
        await elsewhere.release();
      } finally {
        await held.release();
      }
    }));

  test('a second process is refused; kill -9 the first and a restart takes the lock at once', () =>
    withTempDir('dir-lock-', async (dir) => {
      const first = await holdInChild(dir);
      assert.equal(first.said, 'holding');
      try {
        const second = await holdInChild(dir);
        assert.match(second.said, new RegExp(`^refused: The data folder ${dir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is already in use by the lock test holder \\(process ${first.child.pid},`));
        await new Promise((r) => second.child.once('exit', r));
        assert.equal(second.child.exitCode, 3);
        await assert.rejects(lockDataDir(dir), DataDirLockedError);
      } finally {
        await killHard(first.child);
      }
      // No wait, no stale-lock timeout: the OS closed the dead holder's socket.
      const started = performance.now();
      const restarted = await lockDataDir(dir);
      assert.ok(performance.now() - started < 1000);
      await restarted.release();
    }));

  test('where the lock is a socket file (macOS), the file a killed holder leaves behind does not block a restart', {
    skip: process.platform === 'win32' ? 'no Unix sockets' : false,
  }, () =>
    withTempDir('dir-lock-', async (dir) => {
      const first = await holdInChild(dir, 'darwin');
      assert.equal(first.said, 'holding');
      assert.match((await holdInChild(dir, 'darwin')).said, /^refused: .*in use by the lock test holder/);
      await killHard(first.child);
      assert.ok(existsSync(lockAddress(dir, 'darwin')), 'the dead holder left its socket file');
      const restarted = await lockDataDir(dir, 'restart', 'darwin');
      await assert.rejects(lockDataDir(dir, 'third', 'darwin'), /in use by restart/);
      await restarted.release();
    }));

  test('a read-only tool (the journal export) reads while a writer holds the folder, and takes no lock', () =>
    withTempDir('dir-lock-', async (dir) => {
      const { journal } = await Journal.open(join(dir, 'training'));
      const a = newAttempt({ ...SALE, metadata: {}, registerId: 'reg-1', saleId: null, previousAttemptId: null }, T0);
      await journal.append('create', T0, [a], () => []);
      await journal.close();
      const held = await lockDataDir(dir, 'the Counterpay app');
      try {
        let out = '';
        let err = '';
        const code = await runJournalCli(['export', '--data-dir', dir, '--from', '2026-04-01', '--to', '2026-04-01'], {
          out: (t) => (out += t), err: (t) => (err += t),
        });
        assert.equal(code, 0, err);
        assert.ok(out.includes(a.idempotencyKey));
        // The writer still holds it: the export neither took nor freed the lock.
        await assert.rejects(lockDataDir(dir), /in use by the Counterpay app/);
      } finally {
        await held.release();
      }
    }));

  test('each platform gets an OS-released name: abstract socket, named pipe, or a socket file checked for life', () =>
    withTempDir('dir-lock-', async (dir) => {
      assert.match(lockAddress(dir, 'linux'), /^\0counterpay-[0-9a-f]{32}$/);
      assert.match(lockAddress(dir, 'win32'), /^\\\\\.\\pipe\\counterpay-[0-9a-f]{32}$/);
      assert.match(lockAddress(dir, 'darwin'), /^\/tmp\/counterpay-[0-9a-f]{32}\.sock$/);
      assert.match(describeThisProcess(), /^a Node process running /);
    }));
});
