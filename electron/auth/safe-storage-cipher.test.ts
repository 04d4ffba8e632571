import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { safeStorageCipher, type SafeStorageLike } from './safe-storage-cipher.js';
import { decidePersistence } from './secret-cipher.js';

function fakeSafeStorage(backend: ReturnType<SafeStorageLike['getSelectedStorageBackend']>, available = true): SafeStorageLike {
  return {
    isEncryptionAvailable: () => available,
    encryptString: (s) => Buffer.from(s, 'utf8').reverse(),
    decryptString: (b) => Buffer.from(b).reverse().toString('utf8'),
    getSelectedStorageBackend: () => backend,
  };
}

describe('safeStorage adapter', () => {
  test('passes encryption through and names the Linux backend', () => {
    const cipher = safeStorageCipher(fakeSafeStorage('gnome_libsecret'), 'linux');
    assert.equal(cipher.backend(), 'gnome_libsecret');
    assert.equal(cipher.decrypt(cipher.encrypt('héllo')), 'héllo');
    assert.equal(decidePersistence(cipher, false).mode, 'encrypted');
  });

  test('Linux basic_text is recognised as the plain-text fallback', () => {
    const cipher = safeStorageCipher(fakeSafeStorage('basic_text'), 'linux');
    assert.equal(decidePersistence(cipher, false).mode, 'memory-only');
    assert.equal(decidePersistence(cipher, true).mode, 'plain-text-accepted');
  });

  test('macOS and Windows never ask for the Linux-only backend', () => {
    const ss = { ...fakeSafeStorage('basic_text'), getSelectedStorageBackend: () => assert.fail('Linux only') };
    assert.equal(safeStorageCipher(ss, 'darwin').backend(), 'keychain');
    assert.equal(safeStorageCipher(ss, 'win32').backend(), 'dpapi');
  });

  test('unavailable encryption (before app ready, or no store) means memory only', () => {
    const cipher = safeStorageCipher(fakeSafeStorage('unknown', false), 'linux');
    assert.equal(decidePersistence(cipher, true).mode, 'memory-only');
  });
});
