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
  assert.deepEqual(again.get(), { registerId: first.get().registerId, defaultTerminalId: 'term-7', language: null, registerName: null });
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

test('the register language survives a restart; older files without one follow the organization', async () => {
  const d = dir();
  const first = await RegisterSettingsStore.open(d);
  await first.setLanguage('it');
  assert.equal((await RegisterSettingsStore.open(d)).get().language, 'it');

  const old = dir();
  writeFileSync(join(old, 'register.json'), JSON.stringify({ registerId: 'REG-OLD', defaultTerminalId: null }));
  assert.deepEqual((await RegisterSettingsStore.open(old)).get(), { registerId: 'REG-OLD', defaultTerminalId: null, language: null, registerName: null });

  const odd = dir();
  writeFileSync(join(odd, 'register.json'), JSON.stringify({ registerId: 'REG-ODD', defaultTerminalId: null, language: 'klingon' }));
  const store = await RegisterSettingsStore.open(odd);
  assert.equal(store.get().language, null);
  assert.ok(readdirSync(odd).some((f) => f.startsWith('register.json.damaged-')));
});

test("the register's name (store mode) survives a restart; a name no person could have typed is damage", async () => {
  const d = dir();
  await (await RegisterSettingsStore.open(d)).setRegisterName('Caisse 1');
  assert.equal((await RegisterSettingsStore.open(d)).get().registerName, 'Caisse 1');

  for (const bad of ['', 'Caisse\n1', ' Caisse', 'x'.repeat(41), 42]) {
    const odd = dir();
    writeFileSync(join(odd, 'register.json'), JSON.stringify({ registerId: 'REG-ODD', defaultTerminalId: null, registerName: bad }));
    assert.equal((await RegisterSettingsStore.open(odd)).get().registerName, null, JSON.stringify(bad));
    assert.ok(readdirSync(odd).some((f) => f.startsWith('register.json.damaged-')));
  }
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
