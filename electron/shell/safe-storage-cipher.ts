/**
 * Electron's safeStorage behind the SecretCipher interface: Keychain on macOS,
 * DPAPI on Windows, libsecret/KWallet on Linux, or Chromium's 'basic_text'
 * fallback, which the vault treats as plain text.
 *
 * Only the type is imported so this file loads in plain Node; the main process
 * passes the real object: `safeStorageCipher(safeStorage)` after app 'ready'
 * (before it, safeStorage reports encryption unavailable).
 *
 * Uses the async API (Electron 45 deprecates the synchronous calls);
 * decryptStringAsync also reads files the old synchronous encryptString
 * wrote, so existing vaults load unchanged. Its shouldReEncrypt flag is passed
 * on: the vault then rewrites its file under the current key.
 */
import type { SafeStorage } from 'electron';
import type { SecretCipher } from '../auth/secret-cipher.js';

export type SafeStorageLike = Pick<SafeStorage, 'isAsyncEncryptionAvailable' | 'encryptStringAsync' | 'decryptStringAsync' | 'getSelectedStorageBackend'>;

export function safeStorageCipher(safeStorage: SafeStorageLike, platform: NodeJS.Platform = process.platform): SecretCipher {
  return {
    // getSelectedStorageBackend exists on Linux only; elsewhere the OS store is fixed.
    backend: () => (platform === 'linux' ? safeStorage.getSelectedStorageBackend() : platform === 'darwin' ? 'keychain' : platform === 'win32' ? 'dpapi' : 'unknown'),
    isEncryptionAvailable: () => safeStorage.isAsyncEncryptionAvailable(),
    encrypt: (plain) => safeStorage.encryptStringAsync(plain),
    decrypt: async (data) => {
      const { result, shouldReEncrypt } = await safeStorage.decryptStringAsync(data);
      return { plain: result, shouldReEncrypt };
    },
  };
}
