/**
 * The keys an auditor trusts, given from outside the register: whoever can write a journal or an
 * archive can also re-sign it with a key of their own and put that key beside it, so keys read
 * from the same place as the records prove only that the files agree with themselves. Given
 * keys (`--public-keys FILE`) or fingerprints (`--key-fingerprint`, obtained out of band: the
 * printed Z report, the back office's settings) are the only keys a signature is checked with
 * then, and a key change is followed only when a trusted key signed it.
 */
import { createHash, type KeyObject } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { readPublicKeys } from './signed-text.js';

/** The whole SHA-256 of the key's public part (SPKI DER); its first 16 hex digits are the key's id. */
export function fingerprintOf(key: KeyObject): string {
  return createHash('sha256').update(key.export({ type: 'spki', format: 'der' })).digest('hex');
}

/** What the auditor gave: the keys of key files, and fingerprints (at least the key id's 16 hex digits each). */
export interface GivenKeys { keys: Map<string, KeyObject>; fingerprints: readonly string[] }

const FINGERPRINT_RE = /^[0-9a-f]{16,64}$/;

/** The fingerprint as given (spaces and colons allowed between groups), or a usage error in words. */
export function readFingerprint(text: string): string | { error: string } {
  const fp = text.toLowerCase().replace(/[\s:]/g, '');
  return FINGERPRINT_RE.test(fp) ? fp : { error: `--key-fingerprint must be at least the first 16 hex digits of a key's SHA-256 fingerprint (its id, as the Z report prints it), not "${text}"` };
}

/** The keys of the files given, by id; a file that holds none is a usage error in words. */
export async function readKeyFiles(files: readonly string[]): Promise<Map<string, KeyObject> | { error: string }> {
  const keys = new Map<string, KeyObject>();
  for (const f of files) {
    const read = readPublicKeys(await readFile(f, 'utf8').catch(() => ''));
    if (!read || read.size === 0) return { error: `${f} holds no public key Counterpay can read` };
    for (const [id, key] of read) keys.set(id, key);
  }
  return keys;
}

/**
 * The trusted keys: those of the files given, plus those the register's own list (`inside`)
 * holds whose fingerprint starts with one given. A fingerprint no listed key has is returned,
 * so verify can say which one matched nothing.
 */
export function trustedKeys(given: Map<string, KeyObject>, fingerprints: readonly string[], inside: Map<string, KeyObject> | null): { keys: Map<string, KeyObject>; unmatched: string[] } {
  const keys = new Map(given);
  const unmatched: string[] = [];
  for (const fp of fingerprints) {
    const hits = [...(inside ?? new Map<string, KeyObject>())].filter(([, key]) => fingerprintOf(key).startsWith(fp));
    if (hits.length === 0) unmatched.push(fp);
    for (const [id, key] of hits) keys.set(id, key);
  }
  return { keys, unmatched };
}

/** The signing keys as verify prints them, for the auditor to compare with a fingerprint obtained elsewhere. */
export function fingerprintsLine(keys: ReadonlyMap<string, KeyObject>, ids: Iterable<string>): string {
  const listed = [...new Set(ids)].flatMap((id) => {
    const key = keys.get(id);
    return key ? [`${id} (SHA-256 fingerprint ${fingerprintOf(key)})`] : [];
  });
  return listed.length ? `; signing key(s) ${listed.join(', ')}` : '';
}
