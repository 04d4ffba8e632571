import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { memoryLogger } from '../log.js';
import { RegisterSettingsStore } from './register-settings.js';

const dir = () => mkdtempSync(join(tmpdir(), 'counterpay-register-'));

test('a new register gets an id and keeps its default terminal across restarts', async () => {
  const d = dir();
  const first = await RegisterSettingsStore.open(d);
  assert.match(first.get().registerId, /^REG-[0-9A-F]{8}$/);
  await first.setDefaultTerminal('term-7');
  const again = await RegisterSettingsStore.open(d);
  assert.deepEqual(again.get(), { registerId: first.get().registerId, defaultTerminalId: 'term-7' });
});

test('a damaged file is set aside, reported, and replaced by defaults', async () => {
  const d = dir();
  writeFileSync(join(d, 'register.json'), '{"registerId": 42');
  const logger = memoryLogger();
  const store = await RegisterSettingsStore.open(d, logger);
  assert.equal(store.get().defaultTerminalId, null);
  const kept = readdirSync(d).find((f) => f.startsWith('register.json.damaged-'));
  assert.ok(kept, 'the damaged file is kept');
  assert.equal(readFileSync(join(d, kept!), 'utf8'), '{"registerId": 42');
  assert.ok(logger.lines.some((l) => l.includes('set aside')));
});

test('a file of the wrong shape is treated as damaged', async () => {
  const d = dir();
  writeFileSync(join(d, 'register.json'), JSON.stringify({ registerId: '', defaultTerminalId: 5 }));
  const store = await RegisterSettingsStore.open(d);
  assert.match(store.get().registerId, /^REG-/);
  assert.ok(readdirSync(d).some((f) => f.startsWith('register.json.damaged-')));
});

test('register.json is readable by its owner only (0600), also when an older version left it 0644', { skip: process.platform === 'win32' }, async () => {
  const d = dir();
  const store = await RegisterSettingsStore.open(d);
  assert.equal(statSync(join(d, 'register.json')).mode & 0o777, 0o600);
  await store.setDefaultTerminal('term-2');
  assert.equal(statSync(join(d, 'register.json')).mode & 0o777, 0o600);
  chmodSync(join(d, 'register.json'), 0o644);
  await RegisterSettingsStore.open(d);
  assert.equal(statSync(join(d, 'register.json')).mode & 0o777, 0o600);
});
