import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger } from './log.js';
import { fileSink } from './log-file.js';

test('log lines reach the daily file once opened, redacted', () => {
  const echoed: string[] = [];
  const files = fileSink((l) => echoed.push(l));
  const logger = createLogger(files.sink);
  logger.addSecret('ory_at_supersecretvalue');
  logger.info('before the folder is known');
  const dir = join(mkdtempSync(join(tmpdir(), 'counterpay-logs-')), 'logs');
  files.open(dir);
  logger.info('token used', { header: 'Bearer ory_at_supersecretvalue', again: 'ory_at_supersecretvalue' });
  files.flush();
  const [file] = readdirSync(dir);
  assert.match(file ?? '', /^counterpay-\d{4}-\d{2}-\d{2}\.log$/);
  const text = readFileSync(join(dir, file!), 'utf8');
  assert.equal(text.trim().split('\n').length, 1);
  assert.match(text, /token used/);
  assert.doesNotMatch(text, /supersecret/);
  assert.equal(echoed.length, 2);
});

test('logs rotate: only the last keepDays daily files stay, checked at open and at each new day', () => {
  const dir = join(mkdtempSync(join(tmpdir(), 'counterpay-logs-')), 'logs');
  mkdirSync(dir);
  const day = (iso: string) => Date.parse(`${iso}T12:00:00Z`);
  for (const d of ['2026-03-01', '2026-03-25', '2026-03-26', '2026-03-31']) writeFileSync(join(dir, `counterpay-${d}.log`), 'old\n');
  writeFileSync(join(dir, 'notes.txt'), 'not a log');
  let now = day('2026-04-01');
  const files = fileSink(() => undefined, { keepDays: 7, now: () => now });
  files.open(dir);
  // Kept: 2026-03-26 … 2026-04-01 (7 days, today included).
  assert.deepEqual(readdirSync(dir).sort(), ['counterpay-2026-03-26.log', 'counterpay-2026-03-31.log', 'notes.txt']);
  files.sink('{"msg":"first"}');
  now = day('2026-04-02');
  files.sink('{"msg":"next day"}');
  // The day's last line went to the day's file when the next day's first line came.
  assert.equal(readFileSync(join(dir, 'counterpay-2026-04-01.log'), 'utf8'), '{"msg":"first"}\n');
  files.flush();
  assert.deepEqual(readdirSync(dir).sort(), ['counterpay-2026-03-31.log', 'counterpay-2026-04-01.log', 'counterpay-2026-04-02.log', 'notes.txt']);
  assert.equal(readFileSync(join(dir, 'counterpay-2026-04-02.log'), 'utf8'), '{"msg":"next day"}\n');
});

test('lines reach the day file owner-only, and a closed sink opens it again for the next line', () => {
  const dir = join(mkdtempSync(join(tmpdir(), 'counterpay-logs-')), 'logs');
  const now = Date.parse('2026-04-01T12:00:00Z');
  const files = fileSink(() => undefined, { now: () => now });
  files.open(dir);
  for (let i = 0; i < 3; i++) files.sink(`{"n":${i}}`);
  files.close();
  files.sink('{"n":"after close"}');
  files.close();
  const path = join(dir, 'counterpay-2026-04-01.log');
  assert.equal(readFileSync(path, 'utf8'), '{"n":0}\n{"n":1}\n{"n":2}\n{"n":"after close"}\n');
  if (process.platform !== 'win32') assert.equal(statSync(path).mode & 0o777, 0o600);
});

test('lines wait for their batch: written together after a moment, at once past the batch size, and never lost at close', async () => {
  const dir = join(mkdtempSync(join(tmpdir(), 'counterpay-logs-')), 'logs');
  const now = Date.parse('2026-04-01T12:00:00Z');
  const files = fileSink(() => undefined, { now: () => now, flushMs: 5 });
  files.open(dir);
  const path = join(dir, 'counterpay-2026-04-01.log');
  const text = () => (readdirSync(dir).length ? readFileSync(path, 'utf8') : '');
  files.sink('{"n":1}');
  files.sink('{"n":2}');
  assert.equal(text(), '', 'no write for each line while a sale runs');
  await new Promise((resolve) => setTimeout(resolve, 50));
  assert.equal(text(), '{"n":1}\n{"n":2}\n');
  const big = `{"pad":"${'x'.repeat(70 * 1024)}"}`;
  files.sink(big);
  assert.equal(text().length, '{"n":1}\n{"n":2}\n'.length + big.length + 1, 'a burst past the batch size is written at once');
  files.sink('{"n":"last"}');
  files.close();
  assert.ok(text().endsWith('{"n":"last"}\n'));
});
