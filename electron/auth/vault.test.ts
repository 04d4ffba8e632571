import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { withTempDir } from '../fs/testing/temp-dir.js';
import { NodeCipher } from './node-cipher.js';
import type { SecretCipher } from './secret-cipher.js';
import { basicTextCipher, unavailableCipher } from './testing/fake-ciphers.js';
import { TokenVault, VAULT_FILE_NAME } from './vault.js';
import type { TokenSet } from './token-set.js';

const TOKENS: TokenSet = { access_token: 'ory_at_SECRETACCESS', refresh_token: 'ory_rt_SECRETREFRESH', expires_at: 1_900_000_000_000, scope: ['terminal.read'] };
const CLIENT_SECRET = 'client-SECRET-value';

const withDir = (fn: (dir: string) => Promise<void>) => withTempDir('vault-', fn);

async function dirText(dir: string): Promise<string> {
  const names = await readdir(dir);
  const parts = await Promise.all(names.map((n) => readFile(join(dir, n))));
  return names.join('\n') + Buffer.concat(parts).toString('latin1');
}

function assertNoSecrets(text: string): void {
  for (const s of ['SECRETACCESS', 'SECRETREFRESH', 'SECRET-value']) assert.ok(!text.includes(s), `found ${s} on disk`);
}

describe('TokenVault with an OS keychain', () => {
  test('round-trips tokens and the client secret, encrypted at rest with owner-only permissions', () =>
    withDir(async (dir) => {
      const cipher = new NodeCipher();
      const vault = await TokenVault.open({ dataDir: dir, cipher });
      assert.equal(vault.persistence, 'encrypted');
      assert.equal(vault.persistenceReason, null);
      await vault.saveTokens('sandbox', TOKENS);
      await vault.saveClientSecret('sandbox', CLIENT_SECRET);

      const again = await TokenVault.open({ dataDir: dir, cipher });
      assert.deepEqual(again.getTokens('sandbox'), TOKENS);
      assert.equal(again.getClientSecret('sandbox'), CLIENT_SECRET);
      assert.equal(again.getTokens('production'), null);
      assertNoSecrets(await dirText(dir));
      if (process.platform !== 'win32') assert.equal((await stat(join(dir, VAULT_FILE_NAME))).mode & 0o777, 0o600);
    }));

  test('clearTokens keeps the client secret; wipe removes the entry and the last wipe the file', () =>
    withDir(async (dir) => {
      const cipher = new NodeCipher();
      const vault = await TokenVault.open({ dataDir: dir, cipher });
      await vault.saveTokens('sandbox', TOKENS);
      await vault.saveClientSecret('sandbox', CLIENT_SECRET);
      await vault.saveTokens('production', TOKENS);
      await vault.clearTokens('sandbox');
      let again = await TokenVault.open({ dataDir: dir, cipher });
      assert.equal(again.getTokens('sandbox'), null);
      assert.equal(again.getClientSecret('sandbox'), CLIENT_SECRET);
      await vault.wipe('sandbox');
      again = await TokenVault.open({ dataDir: dir, cipher });
      assert.equal(again.getClientSecret('sandbox'), null);
      assert.deepEqual(again.getTokens('production'), TOKENS);
      await vault.wipe('production');
      assert.deepEqual(await readdir(dir), []);
    }));

  test('a keychain that changed (other key) drops the entry with a warning instead of failing', () =>
    withDir(async (dir) => {
      await (await TokenVault.open({ dataDir: dir, cipher: new NodeCipher() })).saveTokens('training', TOKENS);
      const vault = await TokenVault.open({ dataDir: dir, cipher: new NodeCipher() });
      assert.equal(vault.getTokens('training'), null);
      assert.equal(vault.loadWarnings.length, 1);
      assert.match(vault.loadWarnings[0] ?? '', /training sign-in could not be decrypted/);
    }));

  test('a damaged file is ignored with a warning', () =>
    withDir(async (dir) => {
      await writeFile(join(dir, VAULT_FILE_NAME), '{"format":"counterpay-vau');
      const vault = await TokenVault.open({ dataDir: dir, cipher: new NodeCipher() });
      assert.equal(vault.getTokens('sandbox'), null);
      assert.match(vault.loadWarnings[0] ?? '', /damaged/);
    }));

  test('concurrent saves are serialized: the file ends with the last one, no temp files', () =>
    withDir(async (dir) => {
      const cipher = new NodeCipher();
      const vault = await TokenVault.open({ dataDir: dir, cipher });
      await Promise.all(Array.from({ length: 15 }, (_, i) => vault.saveTokens('sandbox', { ...TOKENS, access_token: `at_${i}` })));
      assert.equal((await TokenVault.open({ dataDir: dir, cipher })).getTokens('sandbox')?.access_token, 'at_14');
      assert.deepEqual(await readdir(dir), [VAULT_FILE_NAME]);
    }));

  test('a failed write rejects, and the next write still works', () =>
    withDir(async (dir) => {
      const cipher = new NodeCipher();
      const vault = await TokenVault.open({ dataDir: dir, cipher });
      // A non-empty directory where the file goes makes the atomic rename fail (even for root).
      await mkdir(join(dir, VAULT_FILE_NAME, 'blocker'), { recursive: true });
      await assert.rejects(vault.saveTokens('sandbox', TOKENS));
      assert.deepEqual(await readdir(dir), [VAULT_FILE_NAME]);
      await rm(join(dir, VAULT_FILE_NAME), { recursive: true });
      await vault.saveTokens('sandbox', { ...TOKENS, access_token: 'newest' });
      assert.equal((await TokenVault.open({ dataDir: dir, cipher })).getTokens('sandbox')?.access_token, 'newest');
    }));
});

describe('TokenVault without real encryption', () => {
  test('basic_text is refused: memory only, nothing on disk, a reason a manager can read', () =>
    withDir(async (dir) => {
      const vault = await TokenVault.open({ dataDir: dir, cipher: basicTextCipher() });
      assert.equal(vault.persistence, 'memory-only');
      assert.match(vault.persistenceReason ?? '', /keyring/);
      await vault.saveTokens('production', TOKENS);
      await vault.saveClientSecret('production', CLIENT_SECRET);
      assert.deepEqual(vault.getTokens('production'), TOKENS);
      assert.deepEqual(await readdir(dir), []);
    }));

  test('basic_text with the accepted risk is saved (obfuscated) and deleted again when the acceptance is withdrawn', () =>
    withDir(async (dir) => {
      const vault = await TokenVault.open({ dataDir: dir, cipher: basicTextCipher(), acceptPlainTextRisk: true });
      assert.equal(vault.persistence, 'plain-text-accepted');
      assert.match(vault.persistenceReason ?? '', /obfuscated/);
      await vault.saveTokens('production', TOKENS);
      assertNoSecrets(await dirText(dir));
      assert.deepEqual((await TokenVault.open({ dataDir: dir, cipher: basicTextCipher(), acceptPlainTextRisk: true })).getTokens('production'), TOKENS);
      await vault.setAcceptPlainTextRisk(false);
      assert.equal(vault.persistence, 'memory-only');
      assert.deepEqual(await readdir(dir), []);
      assert.deepEqual(vault.getTokens('production'), TOKENS);
    }));

  test('accepting the risk later saves what is held in memory', () =>
    withDir(async (dir) => {
      const vault = await TokenVault.open({ dataDir: dir, cipher: basicTextCipher() });
      await vault.saveTokens('sandbox', TOKENS);
      await vault.setAcceptPlainTextRisk(true);
      assert.deepEqual((await TokenVault.open({ dataDir: dir, cipher: basicTextCipher(), acceptPlainTextRisk: true })).getTokens('sandbox'), TOKENS);
    }));

  test('no encryption at all stays memory-only even when the risk was accepted', () =>
    withDir(async (dir) => {
      const vault = await TokenVault.open({ dataDir: dir, cipher: unavailableCipher(), acceptPlainTextRisk: true });
      assert.equal(vault.persistence, 'memory-only');
      assert.match(vault.persistenceReason ?? '', /no secure storage/);
      await vault.saveTokens('sandbox', TOKENS);
      assert.deepEqual(await readdir(dir), []);
    }));

  test('memory-only mode leaves an existing file alone (the keyring may just be locked today)', () =>
    withDir(async (dir) => {
      const key = randomBytes(32);
      await (await TokenVault.open({ dataDir: dir, cipher: new NodeCipher({ key }) })).saveTokens('sandbox', TOKENS);
      const locked = await TokenVault.open({ dataDir: dir, cipher: unavailableCipher() });
      assert.equal(locked.getTokens('sandbox'), null);
      await locked.saveTokens('sandbox', { ...TOKENS, access_token: 'memory' });
      assert.deepEqual((await TokenVault.open({ dataDir: dir, cipher: new NodeCipher({ key }) })).getTokens('sandbox'), TOKENS);
    }));

  test('a file saved under basic_text is re-encrypted under the keychain once one is available', () =>
    withDir(async (dir) => {
      const key = randomBytes(32);
      const weak = new NodeCipher({ key, backend: 'basic_text' });
      await (await TokenVault.open({ dataDir: dir, cipher: weak, acceptPlainTextRisk: true })).saveTokens('sandbox', TOKENS);
      const vault = await TokenVault.open({ dataDir: dir, cipher: new NodeCipher({ key, backend: 'gnome_libsecret' }) });
      assert.deepEqual(vault.getTokens('sandbox'), TOKENS);
      const onDisk = JSON.parse(await readFile(join(dir, VAULT_FILE_NAME), 'utf8')) as { backend: string };
      assert.equal(onDisk.backend, 'gnome_libsecret');
    }));

  test('the file is rewritten when the OS asks for re-encryption (a rotated key), and only then', () =>
    withDir(async (dir) => {
      const cipher = new NodeCipher();
      await (await TokenVault.open({ dataDir: dir, cipher })).saveTokens('sandbox', TOKENS);
      const saved = await readFile(join(dir, VAULT_FILE_NAME), 'utf8');
      await TokenVault.open({ dataDir: dir, cipher });
      assert.equal(await readFile(join(dir, VAULT_FILE_NAME), 'utf8'), saved);

      const rotated: SecretCipher = {
        backend: () => cipher.backend(),
        isEncryptionAvailable: () => cipher.isEncryptionAvailable(),
        encrypt: (plain) => cipher.encrypt(plain),
        decrypt: async (data) => ({ ...(await cipher.decrypt(data)), shouldReEncrypt: true }),
      };
      const vault = await TokenVault.open({ dataDir: dir, cipher: rotated });
      assert.deepEqual(vault.getTokens('sandbox'), TOKENS);
      const rewritten = await readFile(join(dir, VAULT_FILE_NAME), 'utf8');
      assert.notEqual(rewritten, saved);
      assertNoSecrets(rewritten);
      assert.deepEqual((await TokenVault.open({ dataDir: dir, cipher })).getTokens('sandbox'), TOKENS);
    }));
});
