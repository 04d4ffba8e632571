/**
 * On-disk format of the vault. Only the environment names and the backend are
 * readable; each environment's secrets are one opaque cipher blob, so a damaged
 * or undecryptable entry costs that environment only.
 */
import { isEnvironment, type Environment } from '../../shared/ipc/types.js';
import { isPlainObject } from '../../shared/json.js';
import { parseBoundedJson } from '../../shared/validation/bounded-json.js';
import { MAX_SETTINGS_BYTES, settingsLimitWords } from '../fs/read-text.js';
import type { SecretCipher } from './secret-cipher.js';
import { isTokenSet, type TokenSet } from './token-set.js';

const FORMAT = 'counterpay-vault';
const VERSION = 1;

export interface VaultEntry {
  tokens: TokenSet | null;
  /** The OAuth client secret of this environment's app registration. */
  clientSecret: string | null;
}

export interface DecodedVault {
  backend: string | null;
  entries: Map<Environment, VaultEntry>;
  /** Manager-readable problems; the affected entries were dropped. */
  warnings: string[];
  /** The OS asked for at least one entry to be encrypted again (its key was rotated or upgraded). */
  shouldReEncrypt: boolean;
}

function isVaultEntry(value: unknown): value is VaultEntry {
  return isPlainObject(value)
    && (value.tokens === null || isTokenSet(value.tokens))
    && (value.clientSecret === null || (typeof value.clientSecret === 'string' && value.clientSecret.length > 0));
}

export async function encodeVault(entries: ReadonlyMap<Environment, VaultEntry>, cipher: SecretCipher): Promise<string> {
  const out: Record<string, string> = {};
  for (const [env, entry] of entries) out[env] = (await cipher.encrypt(JSON.stringify(entry))).toString('base64');
  return JSON.stringify({ format: FORMAT, version: VERSION, backend: cipher.backend(), entries: out }, null, 2) + '\n';
}

export async function decodeVault(text: string, cipher: SecretCipher): Promise<DecodedVault> {
  const entries = new Map<Environment, VaultEntry>();
  const parsed = parseBoundedJson(text, MAX_SETTINGS_BYTES);
  if (!parsed.ok) {
    const why = parsed.limit ? ` (${settingsLimitWords(parsed.reason)})` : '';
    return { backend: null, entries, warnings: [`The saved bank sign-in file is damaged${why} and was ignored; a manager must sign in again.`], shouldReEncrypt: false };
  }
  const doc = parsed.value;
  if (!isPlainObject(doc) || doc.format !== FORMAT || doc.version !== VERSION || !isPlainObject(doc.entries)) {
    return { backend: null, entries, warnings: ['The saved bank sign-in file has an unknown format and was ignored; a manager must sign in again.'], shouldReEncrypt: false };
  }
  const warnings: string[] = [];
  let shouldReEncrypt = false;
  for (const [env, blob] of Object.entries(doc.entries)) {
    if (!isEnvironment(env) || typeof blob !== 'string') {
      warnings.push(`An unknown entry "${env.slice(0, 40)}" in the saved bank sign-in file was ignored.`);
      continue;
    }
    try {
      const decrypted = await cipher.decrypt(Buffer.from(blob, 'base64'));
      const entry: unknown = JSON.parse(decrypted.plain);
      if (!isVaultEntry(entry)) throw new Error('bad shape');
      entries.set(env, entry);
      shouldReEncrypt ||= decrypted.shouldReEncrypt;
    } catch {
      // Typically the OS keychain was reset or the file comes from another user account or computer.
      warnings.push(`The saved ${env} sign-in could not be decrypted with this computer's secret storage; a manager must sign in again.`);
    }
  }
  return { backend: typeof doc.backend === 'string' ? doc.backend : null, entries, warnings, shouldReEncrypt };
}
