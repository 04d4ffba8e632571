/**
 * Electron's safeStorage behind the SecretCipher interface: Keychain on macOS,
 * DPAPI on Windows, libsecret/KWallet on Linux, or Chromium's 'basic_text'
 * fallback, which the vault treats as plain text.
 *
 * Only the type is imported so this file loads in plain Node; the main process
 * passes the real object: `safeStorageCipher(safeStorage)` after app 'ready'
 * (before it, safeStorage reports encryption unavailable).
 *
 * Electron 45's typings mark the synchronous calls used here @deprecated in
 * favour of encryptStringAsync/decryptStringAsync (which also read data the
 * sync API wrote). They still work in 45; SecretCipher stays synchronous for
 * now because the vault file codec and core/environment-secrets.ts call it
 * synchronously, so the move to the async API spans both.
 */
import type { SafeStorage } from 'electron';
import type { SecretCipher } from './secret-cipher.js';

export type SafeStorageLike = Pick<SafeStorage, 'isEncryptionAvailable' | 'encryptString' | 'decryptString' | 'getSelectedStorageBackend'>;

export function safeStorageCipher(safeStorage: SafeStorageLike, platform: NodeJS.Platform = process.platform): SecretCipher {
  return {
    // getSelectedStorageBackend exists on Linux only; elsewhere the OS store is fixed.
    backend: () => (platform === 'linux' ? safeStorage.getSelectedStorageBackend() : platform === 'darwin' ? 'keychain' : platform === 'win32' ? 'dpapi' : 'unknown'),
    isEncryptionAvailable: () => safeStorage.isEncryptionAvailable(),
    encrypt: (plain) => safeStorage.encryptString(plain),
    decrypt: (data) => safeStorage.decryptString(data),
  };
}
