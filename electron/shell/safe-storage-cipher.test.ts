import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { safeStorageCipher, type SafeStorageLike } from './safe-storage-cipher.js';
import { decidePersistence } from '../auth/secret-cipher.js';

function fakeSafeStorage(backend: ReturnType<SafeStorageLike['getSelectedStorageBackend']>, available = true, shouldReEncrypt = false): SafeStorageLike {
  return {
    isAsyncEncryptionAvailable: () => Promise.resolve(available),
    encryptStringAsync: (s: string) => Promise.resolve(Buffer.from(s, 'utf8').reverse()),
    decryptStringAsync: (b: Buffer) => Promise.resolve({ result: Buffer.from(b).reverse().toString('utf8'), shouldReEncrypt }),
    getSelectedStorageBackend: () => backend,
  };
}

describe('safeStorage adapter', () => {
  test('passes encryption through and names the Linux backend', async () => {
    const cipher = safeStorageCipher(fakeSafeStorage('gnome_libsecret'), 'linux');
    assert.equal(cipher.backend(), 'gnome_libsecret');
    assert.deepEqual(await cipher.decrypt(await cipher.encrypt('héllo')), { plain: 'héllo', shouldReEncrypt: false });
    assert.equal((await decidePersistence(cipher, false)).mode, 'encrypted');
  });

  test("passes on the OS's request to re-encrypt", async () => {
    const cipher = safeStorageCipher(fakeSafeStorage('gnome_libsecret', true, true), 'linux');
    assert.deepEqual(await cipher.decrypt(await cipher.encrypt('x')), { plain: 'x', shouldReEncrypt: true });
  });

  test('Linux basic_text is recognised as the plain-text fallback', async () => {
    const cipher = safeStorageCipher(fakeSafeStorage('basic_text'), 'linux');
    assert.equal((await decidePersistence(cipher, false)).mode, 'memory-only');
    assert.equal((await decidePersistence(cipher, true)).mode, 'plain-text-accepted');
  });

  test('macOS and Windows never ask for the Linux-only backend', () => {
    const ss = { ...fakeSafeStorage('basic_text'), getSelectedStorageBackend: () => assert.fail('Linux only') };
    assert.equal(safeStorageCipher(ss, 'darwin').backend(), 'keychain');
    assert.equal(safeStorageCipher(ss, 'win32').backend(), 'dpapi');
  });

  test('unavailable encryption (before app ready, or no store) means memory only', async () => {
    const cipher = safeStorageCipher(fakeSafeStorage('unknown', false), 'linux');
    assert.equal((await decidePersistence(cipher, true)).mode, 'memory-only');
  });

  test('an availability check that fails means memory only', async () => {
    const ss = { ...fakeSafeStorage('gnome_libsecret'), isAsyncEncryptionAvailable: () => Promise.reject(new Error('no keyring daemon')) };
    const decision = await decidePersistence(safeStorageCipher(ss, 'linux'), true);
    assert.equal(decision.mode, 'memory-only');
    assert.equal(decision.encryptionAvailable, false);
  });
});
