import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { withTempDir } from '../fs/testing/temp-dir.js';
import { NodeCipher } from '../auth/node-cipher.js';
import { Journal } from '../payments/journal.js';
import { KEY_PLAIN_FILE, KEY_VAULT_FILE, RegisterKey } from './register-key.js';
import { announceKey } from './key-announce.js';
import { keyChangeText, PUBLIC_KEYS_FILE, readPublicKeys, signatureValid, type KeyChangedBody } from './signed-text.js';

const T0 = Date.UTC(2026, 3, 1, 9);

async function announce(root: string, key: RegisterKey) {
  const { journal } = await Journal.open(join(root, 'training'));
  try {
    return await journal.alone((_, append) => announceKey(join(root, 'training', 'journal'), key, async (k, b, by) => (await append(k, b, by, T0)).entry));
  } finally {
    await journal.close();
  }
}

function keyChanges(root: string): KeyChangedBody[] {
  const dir = join(root, 'training', 'journal');
  return readFileSync(join(dir, '2026-04-01.jsonl'), 'utf8').split('\n').filter((l) => l.includes('"kind":"key_changed"'))
    .map((l) => (JSON.parse(l) as { rec: { body: KeyChangedBody } }).rec.body);
}

describe('the register key', () => {
  test('in the harness (an in-memory cipher) it is made once, kept in an owner-only file, the same after a restart', async () => {
    await withTempDir('counterpay-key-', async (root) => {
      const first = await RegisterKey.open({ dataDir: root, cipher: new NodeCipher() });
      assert.equal(first.created, true);
      assert.equal(first.storage, 'owner-only-file');
      if (process.platform !== 'win32') assert.equal(statSync(join(root, KEY_PLAIN_FILE)).mode & 0o777, 0o600);
      // A new process: a new in-memory cipher, which could read nothing the old one encrypted.
      const again = await RegisterKey.open({ dataDir: root, cipher: new NodeCipher() });
      assert.equal(again.created, false);
      assert.equal(again.current.id, first.current.id);
      assert.equal((await announce(root, first)).change, 'first');
      assert.equal((await announce(root, again)).change, 'none');
      assert.deepEqual([...readPublicKeys(readFileSync(join(root, 'training', 'journal', PUBLIC_KEYS_FILE), 'utf8'))!.keys()], [first.current.id]);
    });
  });

  test('with a keychain it is kept encrypted through the cipher, never as plain text, and a file key moves into it', async () => {
    await withTempDir('counterpay-key-', async (root) => {
      const plain = await RegisterKey.open({ dataDir: root, cipher: new NodeCipher() });
      const keychain = new NodeCipher({ backend: 'keychain' });
      const moved = await RegisterKey.open({ dataDir: root, cipher: keychain });
      assert.equal(moved.storage, 'keychain');
      assert.equal(moved.current.id, plain.current.id);
      assert.equal(existsSync(join(root, KEY_PLAIN_FILE)), false);
      assert.doesNotMatch(readFileSync(join(root, KEY_VAULT_FILE), 'utf8'), /PRIVATE KEY/);
      assert.equal((await RegisterKey.open({ dataDir: root, cipher: keychain })).current.id, plain.current.id);
    });
  });

  test('a rotation is journaled as key_changed, signed by the old key', async () => {
    await withTempDir('counterpay-key-', async (root) => {
      const key = await RegisterKey.open({ dataDir: root, cipher: new NodeCipher() });
      const old = key.current;
      await announce(root, key);
      await key.rotate();
      const after = await RegisterKey.open({ dataDir: root, cipher: new NodeCipher() });
      const told = await announce(root, after);
      assert.deepEqual(told, { change: 'signed', seq: 2, oldKeyId: old.id, newKeyId: key.current.id });
      const [change] = keyChanges(root);
      assert.ok(change?.signature);
      const keys = readPublicKeys(readFileSync(join(root, 'training', 'journal', PUBLIC_KEYS_FILE), 'utf8'))!;
      assert.deepEqual([...keys.keys()], [old.id, key.current.id]);
      assert.equal(signatureValid(keys.get(old.id)!, keyChangeText(change.newKeyId, change.publicKey), change.signature), true);
      assert.equal((await announce(root, after)).change, 'none');
    });
  });

  test('a key that no longer reads is kept aside, a new one made, and the change journaled unsigned (the manager is told)', async () => {
    await withTempDir('counterpay-key-', async (root) => {
      const key = await RegisterKey.open({ dataDir: root, cipher: new NodeCipher() });
      await announce(root, key);
      writeFileSync(join(root, KEY_PLAIN_FILE), '{"current":"garbage","previous":null}');
      const fresh = await RegisterKey.open({ dataDir: root, cipher: new NodeCipher(), now: () => T0 });
      assert.equal(fresh.created, true);
      assert.equal(fresh.unreadable, join(root, `${KEY_PLAIN_FILE}.unreadable-${T0}`));
      assert.equal(readFileSync(fresh.unreadable, 'utf8'), '{"current":"garbage","previous":null}');
      assert.notEqual(fresh.current.id, key.current.id);
      const told = await announce(root, fresh);
      assert.equal(told.change, 'lost');
      assert.deepEqual(keyChanges(root).map((c) => [c.oldKeyId, c.signature]), [[key.current.id, null]]);
    });
  });
});
