/** Ciphers that behave like the weak cases of Electron's safeStorage, for vault tests. */
import { createHash } from 'node:crypto';
import { NodeCipher } from '../node-cipher.js';
import { PLAIN_TEXT_BACKEND, type SecretCipher } from '../secret-cipher.js';

/** Like Linux without a keyring: works, but the key is a constant anyone can know. */
export function basicTextCipher(): SecretCipher {
  return new NodeCipher({ key: createHash('sha256').update('peanuts').digest(), backend: PLAIN_TEXT_BACKEND });
}

/** Like safeStorage before app ready or on a system with no secret storage at all. */
export function unavailableCipher(): SecretCipher {
  return {
    backend: () => 'unknown',
    isEncryptionAvailable: () => Promise.resolve(false),
    encrypt: () => Promise.reject(new Error('encryption is not available')),
    decrypt: () => Promise.reject(new Error('encryption is not available')),
  };
}
