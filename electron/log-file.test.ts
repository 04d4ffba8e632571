import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
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
  const [file] = readdirSync(dir);
  assert.match(file ?? '', /^counterpay-\d{4}-\d{2}-\d{2}\.log$/);
  const text = readFileSync(join(dir, file!), 'utf8');
  assert.equal(text.trim().split('\n').length, 1);
  assert.match(text, /token used/);
  assert.doesNotMatch(text, /supersecret/);
  assert.equal(echoed.length, 2);
});
