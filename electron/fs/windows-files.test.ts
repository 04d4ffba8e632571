/**
 * What a Windows till meets that a Linux CI does not: data folders with spaces,
 * accents and long paths, settings saved by Notepad (byte-order mark, CRLF),
 * and device names. Runs in the Windows lane (npm run test:windows) too.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Journal } from '../payments/journal.js';
import { newAttempt } from '../payments/new-attempt.js';
import { SALE, T0 } from '../payments/testing/engine-fixture.js';
import { dataDirFromEnv } from '../shell/security.js';
import { ENVIRONMENT_CONFIG_FILE, EnvironmentConfigStore } from '../settings/environment-config.js';
import { RegisterSettingsStore } from '../settings/register-settings.js';
import { writeFileAtomic } from './atomic-write.js';
import { withTempDir } from './testing/temp-dir.js';
import { isWindowsDeviceName } from './windows-names.js';

const none = () => [];
const attempt = () => newAttempt({ ...SALE, registerId: 'reg-1', saleId: null, previousAttemptId: null }, T0);

test('a data folder with spaces, accents, CJK and a path past 260 characters holds the journal and settings', () =>
  withTempDir('windows-files-', async (base) => {
    let dir = join(base, 'Caisse N° 1 — Boulangerie Müller 東京');
    while (dir.length < 300) dir = join(dir, 'dossier de données');
    await mkdir(dir, { recursive: true });
    const { journal } = await Journal.open(dir);
    const a = attempt();
    await journal.append('create', T0, [a], none);
    await journal.close();
    const reopened = await Journal.open(dir);
    assert.equal(reopened.attempts.get(a.id)?.idempotencyKey, a.idempotencyKey);
    await reopened.journal.close();
    const settings = await RegisterSettingsStore.open(dir);
    await settings.setDefaultTerminal('term-7');
    assert.equal((await RegisterSettingsStore.open(dir)).get().defaultTerminalId, 'term-7');
    await writeFileAtomic(join(dir, 'note.txt'), 'é');
    assert.equal(await readFile(join(dir, 'note.txt'), 'utf8'), 'é');
  }));

test('a settings file saved by Notepad (byte-order mark, CRLF) is read, not taken for damaged', () =>
  withTempDir('windows-files-', async (dir) => {
    await writeFile(join(dir, ENVIRONMENT_CONFIG_FILE), '\uFEFF{\r\n  "version": 1,\r\n  "active": "training",\r\n  "acceptPlainTextRisk": true\r\n}\r\n');
    const store = await EnvironmentConfigStore.open(dir);
    assert.equal(store.get().acceptPlainTextRisk, true);
    assert.deepEqual(store.setupNotices(), []);
  }));

test('Windows device names are recognised with any case, extension or trailing dot', () => {
  for (const name of ['CON', 'con', 'nul.txt', 'Aux.data', 'COM1', 'lpt9.log', 'prn.']) assert.equal(isWindowsDeviceName(name), true, name);
  for (const name of ['console', 'COM10', 'null', 'data', 'con-data', 'LPT']) assert.equal(isWindowsDeviceName(name), false, name);
});

test('a data folder named after a Windows device is refused with the name, on every OS', () => {
  const r = dataDirFromEnv({ COUNTERPAY_DATA_DIR: join(process.cwd(), 'shop', 'CON', 'data') });
  assert.equal(r.ok, false);
  if (!r.ok) assert.match(r.message, /"CON", a name Windows keeps for a device/);
});
