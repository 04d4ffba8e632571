/** The environment settings file: validated on read, damaged content never opens a bank environment. */
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { withTempDir } from '../fs/testing/temp-dir.js';
import { ENVIRONMENT_CONFIG_FILE, EnvironmentConfigStore, parseEnvironmentConfig } from './environment-config.js';

const SANDBOX = { apiBaseUrl: 'http://127.0.0.1:4010', oauthBaseUrl: 'http://127.0.0.1:4010', clientId: 'cid', redirectPort: 53682 };
const PRODUCTION = { apiBaseUrl: 'https://api.bank.example', oauthBaseUrl: 'https://oauth.bank.example', clientId: 'cid', redirectPort: 53682 };

const withDir = (fn: (dir: string) => Promise<void>) => withTempDir('env-config-', fn);

describe('environment config', () => {
  test('no file: training, nothing set up', () =>
    withDir(async (dir) => {
      const store = await EnvironmentConfigStore.open(dir);
      assert.deepEqual(store.get(), { active: 'training', acceptPlainTextRisk: false, bank: { sandbox: null, production: null } });
      assert.deepEqual(store.warnings, []);
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

  test('a damaged file falls back to training with a warning', () =>
    withDir(async (dir) => {
      await writeFile(join(dir, ENVIRONMENT_CONFIG_FILE), '{"version":1,"active":"produc');
      const store = await EnvironmentConfigStore.open(dir);
      assert.equal(store.get().active, 'training');
      assert.match(store.warnings[0] ?? '', /unknown format/);
    }));

  test('invalid settings are dropped by name, and a live environment without settings lands in training', () => {
    const { config, warnings } = parseEnvironmentConfig({
      version: 1, active: 'production', acceptPlainTextRisk: 'yes',
      bank: { sandbox: SANDBOX, production: { ...PRODUCTION, apiBaseUrl: 'http://api.bank.example' } },
    });
    assert.deepEqual(config, { active: 'training', acceptPlainTextRisk: false, bank: { sandbox: SANDBOX, production: null } });
    assert.equal(warnings.length, 1);
    assert.match(warnings[0] ?? '', /production settings were invalid .*https:\/\//);
  });

  test('sandbox settings saved with http:// to another host are dropped on read', () => {
    const { config, warnings } = parseEnvironmentConfig({
      version: 1, active: 'sandbox', bank: { sandbox: { ...SANDBOX, apiBaseUrl: 'http://sandbox.bank.example' }, production: null },
    });
    assert.equal(config.bank.sandbox, null);
    assert.match(warnings[0] ?? '', /sandbox settings were invalid .*https:\/\//);
  });

  test('an unknown environment name is refused', () => {
    const { config, warnings } = parseEnvironmentConfig({ version: 1, active: 'staging', bank: {} });
    assert.equal(config.active, 'training');
    assert.match(warnings[0] ?? '', /live environment is not valid/);
  });
});
