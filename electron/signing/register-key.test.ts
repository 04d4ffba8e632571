import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { withTempDir } from '../fs/testing/temp-dir.js';
import { NodeCipher } from '../auth/node-cipher.js';
import { Journal } from '../payments/journal.js';
import { KEPT_PREVIOUS, KEY_PLAIN_FILE, KEY_VAULT_FILE, RegisterKey } from './register-key.js';
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

  test('two changes before an environment next starts: each journaled there, signed by the key before it (no key lost)', async () => {
    await withTempDir('counterpay-key-', async (root) => {
      const key = await RegisterKey.open({ dataDir: root, cipher: new NodeCipher() });
      const first = key.current;
      await announce(root, key);
      await key.rotate();
      const second = key.current;
      await key.rotate();
      const after = await RegisterKey.open({ dataDir: root, cipher: new NodeCipher() });
      assert.deepEqual(after.chain.map((k) => k.id), [first.id, second.id, key.current.id]);
      assert.deepEqual(await announce(root, after), { change: 'signed', seq: 3, oldKeyId: first.id, newKeyId: key.current.id });
      const changes = keyChanges(root);
      assert.deepEqual(changes.map((c) => [c.oldKeyId, c.newKeyId]), [[first.id, second.id], [second.id, key.current.id]]);
      const keys = readPublicKeys(readFileSync(join(root, 'training', 'journal', PUBLIC_KEYS_FILE), 'utf8'))!;
      assert.deepEqual([...keys.keys()], [first.id, second.id, key.current.id]);
      for (const c of changes) assert.equal(signatureValid(keys.get(c.oldKeyId!)!, keyChangeText(c.newKeyId, c.publicKey), c.signature!), true);
      // The chain kept is bounded: the oldest keys beyond it are let go.
      for (let i = 0; i < KEPT_PREVIOUS + 2; i++) await after.rotate();
      assert.equal(after.chain.length, KEPT_PREVIOUS + 1);
    });
  });

  test('a key file from before the chain was kept (one previous key) still reads', async () => {
    await withTempDir('counterpay-key-', async (root) => {
      const key = await RegisterKey.open({ dataDir: root, cipher: new NodeCipher() });
      await key.rotate();
      const stored = JSON.parse(readFileSync(join(root, KEY_PLAIN_FILE), 'utf8')) as { current: string; previous: string[] };
      writeFileSync(join(root, KEY_PLAIN_FILE), JSON.stringify({ current: stored.current, previous: stored.previous[0] }));
      const again = await RegisterKey.open({ dataDir: root, cipher: new NodeCipher() });
      assert.equal(again.created, false);
      assert.equal(again.previous?.id, key.previous?.id);
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
