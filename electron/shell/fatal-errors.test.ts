import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { withTempDir } from '../fs/testing/temp-dir.js';
import { memoryLogger } from '../log.js';
import { Journal } from '../payments/journal.js';
import { FATAL_MESSAGE, installFatalHandlers } from './fatal-errors.js';

const CHILD = fileURLToPath(new URL('./testing/fatal-child.ts', import.meta.url));

test('an uncaught error mid-burst: told in plain words, logged, every journal write finished, exit 1', () =>
  withTempDir('fatal-', async (dir) => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', CHILD, dir], { encoding: 'utf8', timeout: 30_000 });
    assert.equal(run.status, 1, run.stderr);
    assert.deepEqual(JSON.parse(run.stdout.trim()), { title: 'Counterpay has to close', message: FATAL_MESSAGE });
    assert.match(run.stderr, /"msg":"uncaught exception","message":"a bug in some handler"/);
    assert.doesNotMatch(run.stderr, /^\s+at /m, 'no raw stack trace printed by Node itself');
    const [file] = await readdir(join(dir, 'journal'));
    const text = await readFile(join(dir, 'journal', file ?? ''), 'utf8');
    assert.ok(text.endsWith('\n'));
    const reopened = await Journal.open(dir);
    assert.deepEqual(reopened.warnings, []);
    assert.equal(reopened.attempts.size, 50);
    await reopened.journal.close();
  }));

test('the message is plain words: no code, no field name, no URL, and says what to do next', () => {
  assert.doesNotMatch(FATAL_MESSAGE, /https?:|[A-Z_]{4,}|\b[a-z]+[A-Z][a-zA-Z]*\b|\d{3}/);
  assert.match(FATAL_MESSAGE, /open Counterpay again/);
});

test('a second error while closing is logged but does not close twice', async () => {
  const { EventEmitter } = await import('node:events');
  const proc = new EventEmitter();
  const logger = memoryLogger();
  const told: string[] = [];
  let closes = 0;
  const exits: number[] = [];
  let release!: () => void;
  const uninstall = installFatalHandlers({
    proc, logger, tell: (t) => told.push(t), exit: (c) => exits.push(c),
    shutdown: () => { closes += 1; return new Promise<void>((r) => (release = r)); },
  });
  proc.emit('unhandledRejection', new Error('first'));
  proc.emit('uncaughtException', new Error('second'));
  assert.equal(closes, 1);
  assert.deepEqual(exits, []);
  release();
  await new Promise((r) => setImmediate(r));
  assert.deepEqual(exits, [1]);
  assert.equal(told.length, 1);
  assert.equal(logger.lines.filter((l) => /"level":"error"/.test(l)).length, 2);
  uninstall();
  assert.equal(proc.listenerCount('uncaughtException'), 0);
});
