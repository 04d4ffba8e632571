import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { withTempDir } from '../fs/testing/temp-dir.js';
import { MAX_SETTINGS_BYTES } from '../fs/read-text.js';
import { ManagerPin } from '../auth/manager-pin.js';
import { NodeCipher } from '../auth/node-cipher.js';
import { TokenVault, VAULT_FILE_NAME } from '../auth/vault.js';
import { memoryLogger } from '../log.js';
import { EnvironmentConfigStore, ENVIRONMENT_CONFIG_FILE } from './environment-config.js';
import { RegisterSettingsStore } from './register-settings.js';
import { deepJsonText, hugeJsonText, longestTimerGap, FREE_LOOP_MS } from '../../shared/testing/hostile-json.js';
import { englishNotice } from '../../shared/testing/english-notice.js';

const HOSTILE = [
  { name: '6 000-deep', text: deepJsonText(), words: 'nested far too deeply' },
  { name: 'multi-MB', text: hugeJsonText(6), words: 'far too large' },
];
assert.ok(HOSTILE[1]!.text.length > MAX_SETTINGS_BYTES);

for (const { name, text, words } of HOSTILE) {
  test(`a ${name} manager-pin.json: the till opens, screens locked, the reason named, the file set aside`, () => withTempDir('cp-limits-', async (dir) => {
    const path = join(dir, 'manager-pin.json');
    await writeFile(path, text);
    let pin: ManagerPin | undefined;
    const gap = await longestTimerGap(async () => { pin = await ManagerPin.open({ path }); });
    assert.ok(pin?.problem?.kind === 'damaged', JSON.stringify(pin?.problem));
    assert.match(pin.problem.detail, new RegExp(words));
    assert.ok((await readdir(dir)).some((f) => f.startsWith('manager-pin.json') && f !== 'manager-pin.json'));
    assert.ok(gap < FREE_LOOP_MS, `longest timer gap ${gap.toFixed(0)} ms`);
  }));

  test(`a ${name} environments.json: no environment, a notice naming the reason`, () => withTempDir('cp-limits-', async (dir) => {
    await writeFile(join(dir, ENVIRONMENT_CONFIG_FILE), text);
    let store: EnvironmentConfigStore | undefined;
    const gap = await longestTimerGap(async () => { store = await EnvironmentConfigStore.open(dir); });
    assert.equal(store?.get().active, null);
    const notices = store.setupNotices();
    assert.equal(notices.length, 1);
    assert.match(notices[0]!.detail, new RegExp(words));
    assert.doesNotMatch(notices[0]!.detail, /\/a\/a/);
    assert.doesNotMatch(englishNotice(notices[0]).lost, /\/a\/a/);
    assert.ok(gap < FREE_LOOP_MS, `longest timer gap ${gap.toFixed(0)} ms`);
  }));

  test(`a ${name} register.json: set aside and reported, a fresh register starts`, () => withTempDir('cp-limits-', async (dir) => {
    await writeFile(join(dir, 'register.json'), text);
    const logger = memoryLogger();
    let store: RegisterSettingsStore | undefined;
    const gap = await longestTimerGap(async () => { store = await RegisterSettingsStore.open(dir, logger); });
    assert.ok(store && store.wasDamaged() && store.setAsideAs);
    assert.match(store.get().registerId, /^REG-/);
    assert.ok(logger.lines.some((l) => /too (deep|large)/.test(l)), logger.lines.join('\n'));
    assert.ok(gap < FREE_LOOP_MS, `longest timer gap ${gap.toFixed(0)} ms`);
  }));

  test(`a ${name} vault file: ignored with a warning for the manager, nothing thrown`, () => withTempDir('cp-limits-', async (dir) => {
    await writeFile(join(dir, VAULT_FILE_NAME), text);
    let vault: TokenVault | undefined;
    const gap = await longestTimerGap(async () => { vault = await TokenVault.open({ dataDir: dir, cipher: new NodeCipher() }); });
    assert.equal(vault?.loadWarnings.length, 1);
    assert.match(vault.loadWarnings[0]!, new RegExp(`${words}.*a manager must sign in again`));
    assert.ok(gap < FREE_LOOP_MS, `longest timer gap ${gap.toFixed(0)} ms`);
  }));
}
