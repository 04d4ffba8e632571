/**
 * Verify's part for signatures: every `signature` record must sign, with a key listed in
 * `journal/public-keys.pem`, the very record it follows (its seq and hash as the chain now
 * holds them). An edit whose chain was recomputed after it (easy for anyone who can write the
 * files) changes that hash, so it is reported at the first signature after the edit: the key
 * is not in the files to sign the new head. A `key_changed` record must be signed by the old
 * key; one the old key could not sign (it was lost) is a note, since what follows rests on the
 * new key alone.
 */
import { join } from 'node:path';
import type { KeyObject } from 'node:crypto';
import { readTextIfExists } from '../fs/read-text.js';
import type { ChainBreak } from '../payments/record-bodies.js';
import { readKeyChangedBody, readSignatureBody } from '../payments/signature-bodies.js';
import { trustedKeys, type GivenKeys } from './trusted-keys.js';
import { headText, keyChangeText, PUBLIC_KEYS_FILE, readPublicKeys, signatureValid, type KeyChangedBody, type SignatureBody } from './signed-text.js';

interface Place { file: string; line: number }
interface Link { seq: number; prev: string; kind: string }

export const SIGNED_KINDS = new Set(['signature', 'key_changed']);

/**
 * Where keys come from besides the list given: the store holds no public-keys.pem, so each key
 * change in the chain teaches its new key, and a signature by a key known nowhere is a note.
 */
interface KeySource {
  learnFromChanges?: boolean;
  unknownKeyIsNote?: boolean;
  /** The keys were given from outside the register (trusted-keys.ts): a key change no given key signed teaches nothing. */
  onlyGiven?: boolean;
}

export class SignatureCheck {
  signatures = 0;
  /** Signatures by a key known nowhere (a note where keys may be missing): counted, never checked. */
  unchecked = 0;
  readonly breaks: ChainBreak[] = [];
  readonly notes: string[] = [];
  /** The ids of the keys that made a valid signature, in order met: verify prints their fingerprints. */
  readonly used = new Set<string>();

  private constructor(private readonly keys: Map<string, KeyObject> | null, private readonly options: KeySource = {}) {}

  /** The keys beside the journal, or only those given from outside when given. */
  static async open(journalDir: string, given: GivenKeys | null = null): Promise<SignatureCheck> {
    const text = await readTextIfExists(join(journalDir, PUBLIC_KEYS_FILE));
    return SignatureCheck.trusting(text === null ? new Map() : readPublicKeys(text), given, PUBLIC_KEYS_FILE);
  }

  /** `inside`: the keys read beside the records; with keys given, only those (and the keys a given key signed a change to). */
  static trusting(inside: Map<string, KeyObject> | null, given: GivenKeys | null, where: string): SignatureCheck {
    if (!given) return SignatureCheck.withKeys(inside);
    const { keys, unmatched } = trustedKeys(given.keys, given.fingerprints, inside);
    const check = SignatureCheck.withKeys(keys, { learnFromChanges: true, onlyGiven: true });
    for (const fp of unmatched) check.fail({ file: where, line: 0 }, `no key ${where === PUBLIC_KEYS_FILE ? `in ${PUBLIC_KEYS_FILE}` : `the ${where} carries`} has the fingerprint ${fp} given`);
    return check;
  }

  /** Keys read elsewhere (an archive's, the store's); null: the keys did not read. */
  static withKeys(keys: Map<string, KeyObject> | null, options: KeySource = {}): SignatureCheck {
    return new SignatureCheck(keys, options);
  }

  /** Every key known so far (given, listed, or learnt from a signed key change). */
  get known(): ReadonlyMap<string, KeyObject> {
    return this.keys ?? new Map<string, KeyObject>();
  }

  /** The key of an id, when listed (an archive's own signature). */
  keyOf(id: string): KeyObject | null {
    return this.keys?.get(id) ?? null;
  }

  /** A record of a signed kind, whose bytes read: `hashOf` is what the chain holds for an earlier record. */
  record(raw: string, link: Link, at: Place, hashOf: (seq: number) => string | undefined): void {
    const body = bodyOf(raw) ?? {};
    const read = link.kind === 'signature' ? readSignatureBody(body) : readKeyChangedBody(body);
    if (!read.ok) {
      this.signatures += link.kind === 'signature' ? 1 : 0;
      return this.fail(at, `edited record: the ${link.kind === 'signature' ? 'signature' : 'key change'} record does not read (${read.issues[0]?.pointer ?? ''} ${read.issues[0]?.detail ?? ''})`);
    }
    if (link.kind === 'signature') this.signature(read.value as SignatureBody, link, at, hashOf);
    else this.keyChanged(read.value as KeyChangedBody, link, at);
  }

  private signature(b: SignatureBody, link: Link, at: Place, hashOf: (seq: number) => string | undefined): void {
    this.signatures++;
    const key = this.key(b.keyId, at);
    if (!key) return;
    if (!signatureValid(key, headText(b.seq, b.hash), b.signature)) {
      return this.fail(at, `edited record: the signature of record ${link.seq} does not match what it says it signs (record ${b.seq}): a record before it was changed and the chain recomputed`);
    }
    this.used.add(b.keyId);
    const now = hashOf(b.seq) ?? (b.seq === link.seq - 1 ? link.prev : undefined);
    if (b.seq !== link.seq - 1 || now !== b.hash) {
      this.fail(at, `edited record: record ${b.seq} is no longer the record signed by record ${link.seq}: a record up to it was changed and the chain recomputed`);
    }
  }

  private keyChanged(b: KeyChangedBody, link: Link, at: Place): void {
    if (b.signature === null || b.oldKeyId === null) {
      this.notes.push(`${at.file} line ${at.line}: the register's key changed at record ${link.seq} without its old key (lost); signatures after it rest on the new key alone`);
      if (!this.options.onlyGiven) this.learn(b.newKeyId, b.publicKey);
      return;
    }
    const old = this.key(b.oldKeyId, at);
    if (old && !signatureValid(old, keyChangeText(b.newKeyId, b.publicKey), b.signature)) {
      this.fail(at, `edited record: the key change at record ${link.seq} is not signed by the key before it`);
    } else if (old) {
      this.used.add(b.oldKeyId);
      this.learn(b.newKeyId, b.publicKey);
    }
  }

  private learn(id: string, pem: string): void {
    if (!this.options.learnFromChanges || !this.keys || this.keys.has(id)) return;
    const key = readPublicKeys(pem)?.get(id);
    if (key) this.keys.set(id, key);
  }

  private key(id: string, at: Place): KeyObject | null {
    const key = this.keys?.get(id) ?? null;
    if (!key && this.options.unknownKeyIsNote && this.keys) {
      this.unchecked++;
      this.notes.push(`${at.file} line ${at.line}: signed by key ${id}, not given: give the register's public-keys.pem with --public-keys to check it`);
    } else if (!key && this.options.onlyGiven) {
      this.fail(at, `signed by key ${id}, which is not among the keys given nor reached from them by a signed key change: the records were re-signed by another key, or its key is missing from --public-keys`);
    } else if (!key) this.fail(at, this.keys ? `edited record: signed by key ${id}, which is not in ${PUBLIC_KEYS_FILE}` : `${PUBLIC_KEYS_FILE} does not read: no signature can be checked`);
    return key;
  }

  private fail(at: Place, what: string): void {
    this.breaks.push({ ...at, what });
  }
}

/** A record's body as an object, or null when its bytes are not one. */
export function bodyOf(raw: string): Record<string, unknown> | null {
  try {
    const body = (JSON.parse(raw) as { body?: unknown }).body;
    return body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
