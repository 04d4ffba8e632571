/**
 * The exact texts the register's key signs, in one place for the signer and for verify: a chain
 * head (seq and hash of the record signed) and a key change (the new key's id and public key).
 * Each starts with what it is, so a signature over one can never pass for the other.
 */
import { createPublicKey, verify, type KeyObject } from 'node:crypto';
import { keyIdOf } from './register-key.js';

/** The file beside each environment's journal: every public key the register signed with, oldest first. */
export const PUBLIC_KEYS_FILE = 'public-keys.pem';

export const headText = (seq: number, hash: string): string => `counterpay journal head\n${seq}\n${hash}\n`;

export const keyChangeText = (newKeyId: string, publicPem: string): string => `counterpay key change\n${newKeyId}\n${publicPem}`;

export type { KeyChangedBody, SignatureBody } from '../payments/signature-bodies.js';

export function signatureValid(key: KeyObject, text: string, signatureB64: string): boolean {
  try {
    return verify(null, Buffer.from(text, 'utf8'), key, Buffer.from(signatureB64, 'base64'));
  } catch {
    return false;
  }
}

/** The keys of a public-keys file by id, in the order written (null: not a file of public keys). */
export function readPublicKeys(text: string): Map<string, KeyObject> | null {
  const keys = new Map<string, KeyObject>();
  const blocks = text.match(/-----BEGIN PUBLIC KEY-----[\s\S]*?-----END PUBLIC KEY-----\n?/g) ?? [];
  try {
    for (const pem of blocks) {
      const key = createPublicKey(pem);
      if (key.asymmetricKeyType !== 'ed25519') return null;
      keys.set(keyIdOf(key), key);
    }
  } catch {
    return null;
  }
  return keys;
}
