/**
 * Electron's safeStorage behind the SecretCipher interface: Keychain on macOS,
 * DPAPI on Windows, libsecret/KWallet on Linux, or Chromium's 'basic_text'
 * fallback, which the vault treats as plain text.
 *
 * Only the type is imported so this file loads in plain Node; the main process
 * passes the real object: `safeStorageCipher(safeStorage)` after app 'ready'
 * (before it, safeStorage reports encryption unavailable).
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
