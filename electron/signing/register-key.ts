/**
 * The register's own Ed25519 key, which signs the journal's chain head (head-signer.ts). It is
 * made once, at the first start, and kept with the other secrets: encrypted by the OS keychain
 * through the same cipher as the bank secrets when the OS has one, else (the harness, a Linux
 * till on basic_text) in a file only its owner may read. Losing it would make every later
 * signature rest on a new key, so a file that no longer reads is kept aside, never overwritten.
 * After a rotation the previous keys stay beside the current one (the last KEPT_PREVIOUS of them),
 * so the next start of each environment signs each change since it last ran with the key before
 * it, however many changes came between (key-announce.ts).
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

/** `previous`: the keys before the current one, newest first. */
interface StoredKeys { current: string; previous: string[] }

/**
 * How many earlier keys are kept: an environment that last ran this many changes ago still
 * records each change signed. Ten covers years of deliberate changes between two starts of a
 * rarely used environment; an old key kept is one more secret that could sign, so not forever.
 */
export const KEPT_PREVIOUS = 10;

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
  const v = JSON.parse(text) as { current?: unknown; previous?: unknown };
  // Files written before the chain was kept hold one previous key, or null.
  const previous = v.previous === null ? [] : typeof v.previous === 'string' ? [v.previous] : v.previous;
  if (typeof v.current !== 'string' || !Array.isArray(previous) || !previous.every((p) => typeof p === 'string')) throw new Error('not a register key file');
  for (const pem of [v.current, ...(previous as string[])]) signingKey(pem);
  return { current: v.current, previous: previous as string[] };
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
    const key = new RegisterKey(options, storage, found ?? { current: newPrivatePem(), previous: [] }, found === null, unreadable);
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
    const [last] = this.stored.previous;
    return last === undefined ? null : signingKey(last);
  }

  /** The keys kept, oldest first, ending with the current one: each signs the change to the next. */
  get chain(): SigningKey[] {
    return [...this.stored.previous].reverse().concat(this.stored.current).map(signingKey);
  }

  /** A new key; the old ones are kept (the newest KEPT_PREVIOUS) so each change can be signed by the key before it. */
  async rotate(): Promise<void> {
    this.stored = { current: newPrivatePem(), previous: [this.stored.current, ...this.stored.previous].slice(0, KEPT_PREVIOUS) };
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
