/**
 * The bodies of the two record kinds signing writes (electron/signing/), `signature` and
 * `key_changed`, and their readers, for the journal's table of kinds (record-bodies.ts) and for
 * verify: a body that does not read as one is a changed record, named by the field that is wrong.
 */
import { invalid, valid, type Validated } from '../../shared/result.js';
import { Reader } from '../../shared/validation/read.js';

/** A signed chain head: the record just before this one (its seq and the SHA-256 of its bytes), signed by key `keyId`. */
export interface SignatureBody { seq: number; hash: string; keyId: string; signature: string }

/** `signature`: null when the old key was not there to sign (lost); then a manager is told. */
export interface KeyChangedBody { oldKeyId: string | null; newKeyId: string; publicKey: string; signature: string | null }

const HASH = /^[0-9a-f]{64}$/;
const KEY_ID = /^[0-9a-f]{16}$/;
/** An Ed25519 signature is 64 bytes: 88 characters of base64. */
const SIGNATURE = /^[A-Za-z0-9+/]{86}==$/;
const PEM = /^-----BEGIN PUBLIC KEY-----\n[A-Za-z0-9+/=\n]+-----END PUBLIC KEY-----\n$/;

function matching(r: Reader, o: Record<string, unknown>, key: string, re: RegExp, what: string): string {
  const v = r.string(o, key, { required: true }) ?? '';
  if (v && !re.test(v)) r.issue(`/${key}`, 'invalid', `${key} must be ${what}`);
  return v;
}

function orNull(r: Reader, o: Record<string, unknown>, key: string, re: RegExp, what: string): string | null {
  return o[key] === null ? null : matching(r, o, key, re, `${what} or null`);
}

const done = <T>(r: Reader, value: T): Validated<T> => (r.issues.length ? invalid(r.issues) : valid(value));

export function readSignatureBody(o: Record<string, unknown>): Validated<SignatureBody> {
  const r = new Reader();
  r.noExtraKeys(o, ['seq', 'hash', 'keyId', 'signature']);
  return done(r, {
    seq: r.integer(o, 'seq', { required: true, min: 1 }) ?? 0,
    hash: matching(r, o, 'hash', HASH, 'a SHA-256 in hex'),
    keyId: matching(r, o, 'keyId', KEY_ID, '16 hex digits'),
    signature: matching(r, o, 'signature', SIGNATURE, 'an Ed25519 signature in base64'),
  });
}

export function readKeyChangedBody(o: Record<string, unknown>): Validated<KeyChangedBody> {
  const r = new Reader();
  r.noExtraKeys(o, ['oldKeyId', 'newKeyId', 'publicKey', 'signature']);
  return done(r, {
    oldKeyId: orNull(r, o, 'oldKeyId', KEY_ID, '16 hex digits'),
    newKeyId: matching(r, o, 'newKeyId', KEY_ID, '16 hex digits'),
    publicKey: matching(r, o, 'publicKey', PEM, 'a public key in PEM'),
    signature: orNull(r, o, 'signature', SIGNATURE, 'an Ed25519 signature in base64'),
  });
}
