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

/** How often a keychain that cannot decrypt now is asked again at start, and how to wait between (tests wait not at all). */
export interface KeyTries { attempts: number; delayMs: number; wait: (ms: number) => Promise<void> }

const TRIES: KeyTries = { attempts: 3, delayMs: 1000, wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)) };

export interface RegisterKeyOptions { dataDir: string; cipher: SecretCipher; now?: () => number; tries?: KeyTries }

/** The key is kept but cannot be read now (the keychain is locked or not answering): try again later, never replace it. */
export class KeyUnavailable extends Error {
  override name = 'KeyUnavailable';
}

/** The sealed bytes, when the vault file reads and they still match the checksum kept with them; null: damaged. */
function readVault(raw: string): Buffer | null {
  const text = raw.trim();
  // Vault files written before the checksum are the sealed bytes alone: only the keychain can judge them.
  if (!text.startsWith('{')) return Buffer.from(text, 'base64');
  try {
    const v = JSON.parse(text) as { sealed?: unknown; sha256?: unknown };
    if (typeof v.sealed !== 'string' || typeof v.sha256 !== 'string') return null;
    const sealed = Buffer.from(v.sealed, 'base64');
    return createHash('sha256').update(sealed).digest('hex') === v.sha256 ? sealed : null;
  } catch {
    return null;
  }
}

const parsed = (text: string): StoredKeys | null => {
  try {
    return readStored(text);
  } catch {
    return null;
  }
};

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

  /**
   * The key kept, else a new one. A kept key the keychain cannot decrypt now (locked at start-up,
   * its service not yet up) is never replaced: after a few tries this throws KeyUnavailable and
   * the till starts without signing, to try again later. Only a file that is damaged (its bytes
   * no longer match the checksum kept with them, or what decrypts is not a key) or absent gives
   * a new key, and the change is journaled as a lost key, which the manager is told loudly.
   */
  static async open(options: RegisterKeyOptions): Promise<RegisterKey> {
    const tries = options.tries ?? TRIES;
    for (let i = 1; ; i++) {
      try {
        return await RegisterKey.openOnce(options);
      } catch (e) {
        if (!(e instanceof KeyUnavailable) || i >= tries.attempts) throw e;
        await tries.wait(tries.delayMs);
      }
    }
  }

  private static async openOnce(options: RegisterKeyOptions): Promise<RegisterKey> {
    const storage = await storageFor(options.cipher);
    const vaultPath = join(options.dataDir, KEY_VAULT_FILE);
    const plainPath = join(options.dataDir, KEY_PLAIN_FILE);
    const vaultRaw = await readTextIfExists(vaultPath);
    // A key kept by the keychain, which does not answer now: a new key here would stay for good.
    if (vaultRaw !== null && storage !== 'keychain') throw new KeyUnavailable('the keychain that holds the register key is not available now');
    let unreadable: string | null = null;
    const setAside = async (path: string): Promise<null> => {
      unreadable = `${path}.unreadable-${(options.now ?? Date.now)()}`;
      await rename(path, unreadable);
      return null;
    };
    let fromVault: StoredKeys | null = null;
    if (vaultRaw !== null) {
      const sealed = readVault(vaultRaw);
      const plain = sealed && (await options.cipher.decrypt(sealed).then((d) => d.plain, (e: unknown) => {
        throw new KeyUnavailable(`the keychain cannot decrypt the register key now: ${e instanceof Error ? e.message : String(e)}`);
      }));
      fromVault = plain === null ? null : parsed(plain);
      if (!fromVault) await setAside(vaultPath);
    }
    const plainRaw = fromVault ? null : await readTextIfExists(plainPath);
    const fromFile = plainRaw === null ? null : parsed(plainRaw) ?? (await setAside(plainPath));
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
      // The checksum tells damaged bytes (a new key) from a keychain that cannot decrypt them now (wait for it).
      const vault = { sealed: sealed.toString('base64'), sha256: createHash('sha256').update(sealed).digest('hex') };
      await writeFileAtomic(join(this.options.dataDir, KEY_VAULT_FILE), `${JSON.stringify(vault)}\n`, { mode: 0o600 });
    } else {
      await writeFileAtomic(join(this.options.dataDir, KEY_PLAIN_FILE), text, { mode: 0o600 });
    }
  }
}
