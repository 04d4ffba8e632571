/** The environment settings file: validated on read, damaged content never opens a bank environment. */
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { withTempDir } from '../fs/testing/temp-dir.js';
import { ENVIRONMENT_CONFIG_FILE, EnvironmentConfigStore, parseEnvironmentConfig } from './environment-config.js';
import { englishNotice } from '../../shared/testing/english-notice.js';

const SANDBOX = { apiBaseUrl: 'http://127.0.0.1:4010', oauthBaseUrl: 'http://127.0.0.1:4010', clientId: 'cid', redirectPort: 53682 };
const PRODUCTION = { apiBaseUrl: 'https://api.bank.example', oauthBaseUrl: 'https://oauth.bank.example', clientId: 'cid', redirectPort: 53682 };

const withDir = (fn: (dir: string) => Promise<void>) => withTempDir('env-config-', fn);

describe('environment config', () => {
  test('no file: training, nothing set up', () =>
    withDir(async (dir) => {
      const store = await EnvironmentConfigStore.open(dir);
      assert.deepEqual(store.get(), { active: 'training', acceptPlainTextRisk: false, bank: { sandbox: null, production: null } });
      assert.deepEqual(store.setupNotices(), []);
    }));

  test('no file beside bank credentials or a journal: not a fresh training till; no environment until a manager chooses, and the same after a restart', () =>
    withDir(async (dir) => {
      const first = await EnvironmentConfigStore.open(dir);
      assert.equal(first.get().active, 'training');
      assert.ok((await readdir(dir)).includes(ENVIRONMENT_CONFIG_FILE), 'a first run saves its choice, so a later start can tell it was lost');
      if (process.platform !== 'win32') assert.equal((await stat(join(dir, ENVIRONMENT_CONFIG_FILE))).mode & 0o777, 0o600, 'readable by its owner only');
      for (const [name, text] of [['bank-credentials.vault.json', '{"version":1}'], ['production/journal/2026-04-01.jsonl', '{}\n']] as const) {
        await rm(join(dir, ENVIRONMENT_CONFIG_FILE));
        await rm(join(dir, 'bank-credentials.vault.json'), { force: true });
        await mkdir(join(dir, name, '..'), { recursive: true });
        await writeFile(join(dir, name), text);
        const store = await EnvironmentConfigStore.open(dir);
        assert.equal(store.get().active, null, name);
        assert.deepEqual(store.setupNotices().map((n) => n.kind), ['environments_missing']);
        assert.match(store.setupNotices()[0]?.detail ?? '', new RegExp(name.startsWith('production') ? 'production/journal' : 'bank-credentials'));
        assert.equal((await EnvironmentConfigStore.open(dir)).get().active, null, 'a restart stays closed');
        await store.setActive('training');
        assert.deepEqual(store.setupNotices(), [], 'the manager chose');
        await rm(join(dir, 'production'), { recursive: true, force: true });
      }
    }));

  test('saved settings come back as written, and the file holds no secret fields', () =>
    withDir(async (dir) => {
      const store = await EnvironmentConfigStore.open(dir);
      await store.setBankSettings('sandbox', SANDBOX);
      await store.setActive('sandbox');
      await store.setAcceptPlainTextRisk(true);
      const again = await EnvironmentConfigStore.open(dir);
      assert.deepEqual(again.get(), { active: 'sandbox', acceptPlainTextRisk: true, bank: { sandbox: SANDBOX, production: null } });
      assert.doesNotMatch(await readFile(join(dir, ENVIRONMENT_CONFIG_FILE), 'utf8'), /secret|token/i);
    }));

  test('a damaged file is set aside and fails closed: no environment, a notice, and the same after a restart', () =>
    withDir(async (dir) => {
      const path = join(dir, ENVIRONMENT_CONFIG_FILE);
      for (const text of ['{"version":1,"active":"produc', '', '[]', '{"version":7}']) {
        await writeFile(path, text);
        const store = await EnvironmentConfigStore.open(dir);
        assert.equal(store.get().active, null, text);
        assert.match(englishNotice(store.setupNotices()[0]).title, /bank settings of this register could not be read/);
        assert.match(englishNotice(store.setupNotices()[0]).lost, /kept as environments\.json\.damaged-\d+/);
        const again = await EnvironmentConfigStore.open(dir);
        assert.equal(again.get().active, null);
        assert.match(englishNotice(again.setupNotices()[0]).title, /does not know which bank to use/);
        // A manager's choice ends it.
        await again.setActive('training');
        assert.deepEqual(again.setupNotices(), []);
        assert.equal((await EnvironmentConfigStore.open(dir)).get().active, 'training');
      }
      const kept = (await readdir(dir)).filter((n) => n.startsWith(`${ENVIRONMENT_CONFIG_FILE}.damaged-`));
      assert.ok(kept.length >= 1);
    }));

  test('a folder where the file should be is a damage too, not a crash', () =>
    withDir(async (dir) => {
      await mkdir(join(dir, ENVIRONMENT_CONFIG_FILE));
      const store = await EnvironmentConfigStore.open(dir);
      assert.equal(store.get().active, null);
      assert.equal(store.setupNotices().length, 1);
    }));

  test('invalid settings are dropped by name, and a live environment without settings opens no environment', () => {
    const { config, notices } = parseEnvironmentConfig({
      version: 1, active: 'production', acceptPlainTextRisk: 'yes',
      bank: { sandbox: SANDBOX, production: { ...PRODUCTION, apiBaseUrl: 'http://api.bank.example' } },
    });
    assert.deepEqual(config, { active: null, acceptPlainTextRisk: false, bank: { sandbox: SANDBOX, production: null } });
    assert.equal(notices.length, 2);
    assert.match(englishNotice(notices[0]).title, /production settings were damaged/);
    assert.match(notices[0]?.detail ?? '', /https:\/\//);
    assert.match(englishNotice(notices[1]).title, /does not know which bank/);
  });

  test('sandbox settings saved with http:// to another host are dropped on read', () => {
    const { config, notices } = parseEnvironmentConfig({
      version: 1, active: 'sandbox', bank: { sandbox: { ...SANDBOX, apiBaseUrl: 'http://sandbox.bank.example' }, production: null },
    });
    assert.equal(config.bank.sandbox, null);
    assert.equal(config.active, null);
    assert.match(notices[0]?.detail ?? '', /https:\/\//);
  });

  test('an unknown environment name is refused', () => {
    const { config, notices } = parseEnvironmentConfig({ version: 1, active: 'staging', bank: {} });
    assert.equal(config.active, null);
    assert.match(notices[0]?.detail ?? '', /not one Counterpay knows/);
  });
});
