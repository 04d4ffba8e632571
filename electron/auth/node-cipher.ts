/**
 * AES-256-GCM with a key held in memory only: the stand-in for the OS keychain
 * in tests and the browser harness. Data does not survive the key (a new
 * NodeCipher cannot read an old file), just as a reset keychain would behave.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { DecryptedSecret, SecretCipher } from './secret-cipher.js';

/** Its backend's name unless told another: a key that dies with the process, so nothing meant to last may rest on it. */
export const IN_MEMORY_BACKEND = 'test-keychain';

const VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class NodeCipher implements SecretCipher {
  private readonly key: Buffer;
  private readonly backendName: string;

  constructor(options: { key?: Buffer; backend?: string } = {}) {
    this.key = options.key ?? randomBytes(32);
    if (this.key.length !== 32) throw new RangeError('an AES-256 key is 32 bytes');
    this.backendName = options.backend ?? IN_MEMORY_BACKEND;
  }

  backend(): string {
    return this.backendName;
  }

  isEncryptionAvailable(): Promise<boolean> {
    return Promise.resolve(true);
  }

  // Async like safeStorage's API, though the work is synchronous: callers must not rely on either.
  async encrypt(plain: string): Promise<Buffer> {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return Buffer.concat([Buffer.from([VERSION]), iv, cipher.getAuthTag(), body]);
  }

  async decrypt(data: Buffer): Promise<DecryptedSecret> {
    if (data.length < 1 + IV_BYTES + TAG_BYTES || data[0] !== VERSION) throw new Error('not data of this cipher');
    const iv = data.subarray(1, 1 + IV_BYTES);
    const tag = data.subarray(1 + IV_BYTES, 1 + IV_BYTES + TAG_BYTES);
    const decipher = createDecipheriv('aes-256-gcm', this.key, iv);
    decipher.setAuthTag(tag);
    const plain = Buffer.concat([decipher.update(data.subarray(1 + IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    // The key never rotates while this object lives.
    return { plain, shouldReEncrypt: false };
  }
}
