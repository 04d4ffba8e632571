/**
 * A keychain that cannot decrypt the register's key now (locked at start-up) must never turn
 * into a new key for good: the key is asked for again and the till starts unsigned meanwhile.
 * Only a key file that is damaged or gone gives a new key (journaled as lost, the manager told).
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { withTempDir } from '../fs/testing/temp-dir.js';
import { NodeCipher } from '../auth/node-cipher.js';
import { memoryLogger } from '../log.js';
import type { DecryptedSecret } from '../auth/secret-cipher.js';
import { KEY_PLAIN_FILE, KEY_VAULT_FILE, KeyUnavailable, RegisterKey, type KeyTries } from './register-key.js';
import { KeyKeeper } from './key-keeper.js';

/** The OS keychain, which can be locked: then it is there but decrypts nothing (or is not offered at all). */
class LockableKeychain extends NodeCipher {
  locked = false;
  unavailable = false;
  decrypts = 0;
  constructor() {
    super({ backend: 'keychain' });
  }
  override async isEncryptionAvailable(): Promise<boolean> {
    return !this.unavailable;
  }
  override async decrypt(data: Buffer): Promise<DecryptedSecret> {
    this.decrypts++;
    if (this.locked) throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.');
    return super.decrypt(data);
  }
}

const waits: number[] = [];
const TRIES: KeyTries = { attempts: 3, delayMs: 1000, wait: async (ms) => void waits.push(ms) };

describe('the register key through a keychain hiccup', () => {
  test('a keychain that cannot decrypt now: asked again, then KeyUnavailable; the key file kept as it is, no new key', async () => {
    await withTempDir('counterpay-key-', async (root) => {
      const keychain = new LockableKeychain();
      const kept = await RegisterKey.open({ dataDir: root, cipher: keychain });
      const vault = readFileSync(join(root, KEY_VAULT_FILE), 'utf8');
      keychain.locked = true;
      keychain.decrypts = 0;
      waits.length = 0;
      await assert.rejects(RegisterKey.open({ dataDir: root, cipher: keychain, tries: TRIES }), KeyUnavailable);
      assert.equal(keychain.decrypts, 3);
      assert.deepEqual(waits, [1000, 1000]);
      keychain.unavailable = true;
      await assert.rejects(RegisterKey.open({ dataDir: root, cipher: keychain, tries: TRIES }), /keychain that holds the register key is not available now/);
      assert.equal(readFileSync(join(root, KEY_VAULT_FILE), 'utf8'), vault);
      assert.deepEqual(readdirSync(root).sort(), [KEY_VAULT_FILE]);
      assert.equal(existsSync(join(root, KEY_PLAIN_FILE)), false);
      // Unlocked during the tries: the same key, not a new one.
      keychain.unavailable = false;
      let left = 1;
      const unlockOnWait: KeyTries = { ...TRIES, wait: async () => void (--left === 0 && (keychain.locked = false)) };
      const again = await RegisterKey.open({ dataDir: root, cipher: keychain, tries: unlockOnWait });
      assert.equal(again.created, false);
      assert.equal(again.current.id, kept.current.id);
    });
  });

  test('the app keeps asking: unsigned and said while locked, the same key once the keychain opens', async () => {
    await withTempDir('counterpay-key-', async (root) => {
      const keychain = new LockableKeychain();
      const kept = await RegisterKey.open({ dataDir: root, cipher: keychain });
      keychain.locked = true;
      const logger = memoryLogger();
      const keeper = await KeyKeeper.open({ dataDir: root, cipher: keychain, tries: TRIES }, logger);
      assert.equal(keeper.key, null);
      assert.match(keeper.unavailable ?? '', /cannot decrypt the register key now/);
      await keeper.retry();
      assert.equal(keeper.key, null);
      keychain.locked = false;
      await keeper.retry();
      assert.equal(keeper.unavailable, null);
      const read = keeper.key as RegisterKey | null;
      assert.equal(read?.current.id, kept.current.id);
      assert.equal(read?.created, false);
    });
  });

  test('a damaged key file (its bytes no longer match their checksum) or none: a new key, the damaged file kept aside', async () => {
    await withTempDir('counterpay-key-', async (root) => {
      const keychain = new LockableKeychain();
      const kept = await RegisterKey.open({ dataDir: root, cipher: keychain });
      const vault = JSON.parse(readFileSync(join(root, KEY_VAULT_FILE), 'utf8')) as { sealed: string; sha256: string };
      const bytes = Buffer.from(vault.sealed, 'base64');
      bytes[bytes.length - 5] = bytes[bytes.length - 5]! ^ 0x01;
      writeFileSync(join(root, KEY_VAULT_FILE), JSON.stringify({ ...vault, sealed: bytes.toString('base64') }));
      const fresh = await RegisterKey.open({ dataDir: root, cipher: keychain, tries: TRIES, now: () => 7 });
      assert.equal(fresh.created, true);
      assert.notEqual(fresh.current.id, kept.current.id);
      assert.equal(fresh.unreadable, join(root, `${KEY_VAULT_FILE}.unreadable-7`));
      assert.equal(existsSync(fresh.unreadable), true);
      // Absent: a new key too (the first start, or a folder whose key file was removed).
      const empty = join(root, 'other');
      mkdirSync(empty);
      const made = await RegisterKey.open({ dataDir: empty, cipher: keychain });
      assert.equal(made.created, true);
      assert.equal(made.unreadable, null);
    });
  });
});
