/**
 * The logger's later lines: made after the work that logged them, yet in the order they were
 * logged, never lost to a throwing sink, and written before the log file's last flush at exit.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createLogger, LATER_MS, memoryLogger } from './log.js';

const aMoment = () => new Promise((resolve) => setTimeout(resolve, LATER_MS + 20));

test('a later line is made after the work that logged it, in order, stamped when it was logged, redacted', async () => {
  const lines: string[] = [];
  const logger = createLogger((l) => lines.push(l));
  logger.addSecret('tok_0123456789');
  const before = Date.now();
  logger.later('info', 'attempt sending', { attemptId: 'a1', header: 'Bearer tok_0123456789' });
  logger.later('warn', 'bank request', { status: 503 });
  assert.deepEqual(lines, [], 'the later lines wait');
  await aMoment();
  logger.later('info', 'attempt accepted');
  logger.warn('terminal payment refused');
  const parsed = lines.map((l) => JSON.parse(l) as { msg: string; level: string; t: string });
  assert.deepEqual(parsed.map((l) => l.msg), ['attempt sending', 'bank request', 'attempt accepted', 'terminal payment refused'],
    'a line written at once writes those still waiting first: the file keeps the order they were logged in');
  assert.equal(parsed[1]!.level, 'warn');
  const stamped = Date.parse(parsed[0]!.t);
  assert.ok(stamped >= before && stamped <= Date.parse(parsed[3]!.t), 'stamped when logged, not when written');
  assert.doesNotMatch(lines.join('\n'), /tok_0123456789/);
});

test('a later line keeps its fields as they were, and a sink that throws stops neither the caller nor the next line', async () => {
  const lines: string[] = [];
  let fail = true;
  const logger = createLogger((l) => {
    if (fail) {
      fail = false;
      throw new Error('disk full');
    }
    lines.push(l);
  });
  const fields = { state: 'sending' };
  logger.later('info', 'first', fields);
  logger.later('info', 'second', fields);
  fields.state = 'accepted';
  await aMoment();
  assert.equal(lines.length, 1);
  assert.equal(JSON.parse(lines[0]!).msg, 'second');
  assert.equal(JSON.parse(lines[0]!).state, 'sending');
});

test("a test's memory logger writes later lines at once, so every line is there when the work is done", () => {
  const logger = memoryLogger();
  logger.later('debug', 'right away');
  assert.equal(logger.lines.length, 1);
});

test('lines still waiting when the process exits reach the log file, after the file opened first', () => {
  const dir = mkdtempSync(join(tmpdir(), 'counterpay-log-exit-'));
  const script = join(dir, 'exit.ts');
  const url = (f: string) => pathToFileURL(join(import.meta.dirname, f)).href;
  writeFileSync(script, [
    `import { createLogger } from '${url('log.ts')}';`,
    `import { fileSink } from '${url('log-file.ts')}';`,
    'const files = fileSink(() => undefined);',
    `files.open(${JSON.stringify(join(dir, 'logs'))});`,
    'const logger = createLogger(files.sink);',
    "logger.info('plain');",
    "logger.later('info', 'attempt sending');",
    'process.exit(0);',
  ].join('\n'));
  const run = spawnSync(process.execPath, ['--import', 'tsx', script], { encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  const [file] = readdirSync(join(dir, 'logs'));
  const msgs = readFileSync(join(dir, 'logs', file!), 'utf8').trim().split('\n').map((l) => (JSON.parse(l) as { msg: string }).msg);
  assert.deepEqual(msgs, ['plain', 'attempt sending']);
});
