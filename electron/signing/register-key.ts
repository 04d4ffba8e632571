/**
 * The register's own Ed25519 key, which signs the journal's chain head (head-signer.ts). It is
 * made once, at the first start, and kept with the other secrets: encrypted by the OS keychain
 * through the same cipher as the bank secrets when the OS has one, else (the harness, a Linux
 * till on basic_text) in a file only its owner may read. Losing it would make every later
 * signature rest on a new key, so a file that no longer reads is kept aside, never overwritten.
 * After a rotation the previous key stays beside the current one, so the next start of each
 * environment can sign the change with it (key-announce.ts).
 */
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { rename, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../fs/atomic-write.js';
import { readTextIfExists } from '../fs/read-text.js';
import { IN_MEMORY_BACKEND } from '../auth/node-cipher.js';
import { decidePersistence, type SecretCipher } from '../auth/secret-cipher.js';

export const KEY_VAULT_FILE = 'register-key.vault';
export const KEY_PLAIN_FILE = 'register-key.json';

/** Where the private key is kept: encrypted by the OS, or a file readable by its owner only. */
export type KeyStorage = 'keychain' | 'owner-only-file';

export interface SigningKey {
  id: string;
  publicPem: string;
  sign(message: string): string;
}

interface StoredKeys { current: string; previous: string | null }

/** The key's id: the first 16 hex digits of the SHA-256 of its public key (SPKI DER). */
export function keyIdOf(publicKey: KeyObject): string {
  return createHash('sha256').update(publicKey.export({ type: 'spki', format: 'der' })).digest('hex').slice(0, 16);
}

function signingKey(privatePem: string): SigningKey {
  const priv = createPrivateKey(privatePem);
  const pub = createPublicKey(priv);
  return {
    id: keyIdOf(pub),
    publicPem: pub.export({ type: 'spki', format: 'pem' }).toString(),
    sign: (message) => sign(null, Buffer.from(message, 'utf8'), priv).toString('base64'),
  };
}

const newPrivatePem = (): string => generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

function readStored(text: string): StoredKeys {
  const v = JSON.parse(text) as Partial<StoredKeys>;
  if (typeof v.current !== 'string' || !(v.previous === null || typeof v.previous === 'string')) throw new Error('not a register key file');
  signingKey(v.current);
  return { current: v.current, previous: v.previous };
}

/** A cipher whose key dies with the process (the harness) or that only obfuscates (basic_text) would lose or barely hide the key. */
async function storageFor(cipher: SecretCipher): Promise<KeyStorage> {
  if (cipher.backend() === IN_MEMORY_BACKEND) return 'owner-only-file';
  return (await decidePersistence(cipher, false)).mode === 'encrypted' ? 'keychain' : 'owner-only-file';
}

export interface RegisterKeyOptions { dataDir: string; cipher: SecretCipher; now?: () => number }

export class RegisterKey {
  private constructor(
    private readonly options: RegisterKeyOptions,
    readonly storage: KeyStorage,
    private stored: StoredKeys,
    /** Made at this start: none was kept, or the kept one no longer read (see `unreadable`). */
    readonly created: boolean,
    /** Where a key file that no longer read was put aside; null when none. */
    readonly unreadable: string | null,
  ) {}

  static async open(options: RegisterKeyOptions): Promise<RegisterKey> {
    const storage = await storageFor(options.cipher);
    const vaultPath = join(options.dataDir, KEY_VAULT_FILE);
    const plainPath = join(options.dataDir, KEY_PLAIN_FILE);
    let unreadable: string | null = null;
    const attempt = async (path: string, read: (raw: string) => Promise<StoredKeys>): Promise<StoredKeys | null> => {
      const raw = await readTextIfExists(path);
      if (raw === null) return null;
      try {
        return await read(raw);
      } catch {
        unreadable = `${path}.unreadable-${(options.now ?? Date.now)()}`;
        await rename(path, unreadable);
        return null;
      }
    };
    const fromVault = storage === 'keychain'
      ? await attempt(vaultPath, async (raw) => readStored((await options.cipher.decrypt(Buffer.from(raw.trim(), 'base64'))).plain))
      : null;
    const fromFile = fromVault ? null : await attempt(plainPath, async (raw) => readStored(raw));
    const found = fromVault ?? fromFile;
    const key = new RegisterKey(options, storage, found ?? { current: newPrivatePem(), previous: null }, found === null, unreadable);
    // A key first kept in a file moves into the keychain once the OS offers one.
    if (!fromVault) await key.save();
    if (fromFile && storage === 'keychain') await unlink(plainPath);
    return key;
  }

  get current(): SigningKey {
    return signingKey(this.stored.current);
  }

  /** The key before the last rotation, kept so each environment's journal can record the change signed by it. */
  get previous(): SigningKey | null {
    return this.stored.previous === null ? null : signingKey(this.stored.previous);
  }

  /** A new key; the old one is kept as `previous` until the next rotation. */
  async rotate(): Promise<void> {
    this.stored = { current: newPrivatePem(), previous: this.stored.current };
    await this.save();
  }

  private async save(): Promise<void> {
    const text = JSON.stringify(this.stored);
    if (this.storage === 'keychain') {
      const sealed = await this.options.cipher.encrypt(text);
      await writeFileAtomic(join(this.options.dataDir, KEY_VAULT_FILE), `${sealed.toString('base64')}\n`, { mode: 0o600 });
    } else {
      await writeFileAtomic(join(this.options.dataDir, KEY_PLAIN_FILE), text, { mode: 0o600 });
    }
  }
}
