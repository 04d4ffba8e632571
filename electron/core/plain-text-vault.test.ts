/** Where the OS offers only basic_text, the sign-in is not written to disk unless a manager accepts the risk. */
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { VAULT_FILE_NAME } from '../auth/index.js';
import { basicTextCipher } from '../auth/testing/fake-ciphers.js';
import { withApp } from './testing/app-fixture.js';

describe('plain-text-only secret storage', () => {
  test('memory-only by default, said in words; accepting the risk saves, declining again deletes the file', () =>
    withApp({ autoConsent: 'approve', cipher: basicTextCipher() }, async (f) => {
      const vaultFile = join(f.dataDir, VAULT_FILE_NAME);
      const before = (await f.ok('getSettings')).vault;
      assert.equal(before.persistence, 'memory-only');
      assert.equal(before.plainTextOnly, true);
      assert.equal(before.backend, 'basic_text');
      assert.match(before.reason ?? '', /No keyring .* kept only until Counterpay closes/);

      await f.ok('saveEnvironmentSettings', f.bankSettings());
      await f.ok('switchEnvironment', { environment: 'sandbox' });
      await f.ok('signIn');
      assert.equal((await f.ok('getAppState')).connection.status, 'connected', 'signed in for this session');
      assert.equal(existsSync(vaultFile), false, 'nothing written');

      const accepted = (await f.ok('setAcceptPlainTextRisk', { accept: true })).vault;
      assert.equal(accepted.persistence, 'plain-text-accepted');
      assert.equal(accepted.acceptPlainTextRisk, true);
      assert.equal(existsSync(vaultFile), true);

      const declined = (await f.ok('setAcceptPlainTextRisk', { accept: false })).vault;
      assert.equal(declined.persistence, 'memory-only');
      assert.equal(existsSync(vaultFile), false);
      assert.equal((await f.ok('getAppState')).connection.status, 'connected', 'still signed in until Counterpay closes');
    }));
});
