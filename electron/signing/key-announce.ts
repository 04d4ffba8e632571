/**
 * Tells each environment's journal which key signs it, at every start, before any signature:
 * the public key goes into `journal/public-keys.pem` (anyone verifies with it, no secret needed),
 * and a key other than the last one listed there is journaled as `key_changed`, signed by the old
 * key when the register still has it (a rotation) and unsigned when it does not (the key was
 * lost: the manager is told, since every later signature rests on the new key alone). After
 * several rotations since this environment last ran, each is journaled in turn, signed by the key
 * before it, so the chain of keys has no gap.
 */
import { join } from 'node:path';
import { mkdir } from 'node:fs/promises';
import { writeFileAtomic } from '../fs/atomic-write.js';
import { readTextIfExists } from '../fs/read-text.js';
import type { RegisterKey } from './register-key.js';
import { keyChangeText, PUBLIC_KEYS_FILE, readPublicKeys, type KeyChangedBody } from './signed-text.js';

export type KeyAnnounced =
  | { change: 'none' | 'first' }
  | { change: 'signed' | 'lost'; seq: number; oldKeyId: string | null; newKeyId: string };

export type AppendAlone = (kind: string, body: unknown, by: string) => Promise<{ seq: number | null }>;

/** `by`: who changed the key (a manager's name), else Counterpay itself at a start. */
export async function announceKey(journalDir: string, key: RegisterKey, append: AppendAlone, by = 'counterpay'): Promise<KeyAnnounced> {
  const path = join(journalDir, PUBLIC_KEYS_FILE);
  const text = (await readTextIfExists(path)) ?? '';
  const listed = readPublicKeys(text);
  const ids = listed ? [...listed.keys()] : [];
  const current = key.current;
  const last = ids.at(-1) ?? null;
  if (last === current.id) return { change: 'none' };
  await mkdir(journalDir, { recursive: true });
  const chain = key.chain;
  const from = chain.findIndex((k) => k.id === last);
  // The keys since the last one listed, each signed by the one before; none kept: one unsigned change.
  const steps = from >= 0 && last !== null ? chain.slice(from) : [null, current];
  // Written before the records that name them: a verify in between finds the keys it needs.
  await writeFileAtomic(path, `${listed ? text : ''}${steps.slice(1).map((k) => k?.publicPem ?? '').join('')}`, { mode: 0o644 });
  if (last === null && !text) return { change: 'first' };
  let seq = 0;
  for (let i = 1; i < steps.length; i++) {
    const signer = steps[i - 1] ?? null;
    const next = steps[i]!;
    const body: KeyChangedBody = {
      oldKeyId: signer?.id ?? last, newKeyId: next.id, publicKey: next.publicPem,
      signature: signer ? signer.sign(keyChangeText(next.id, next.publicPem)) : null,
    };
    seq = (await append('key_changed', body, by)).seq ?? 0;
  }
  return { change: from >= 0 ? 'signed' : 'lost', seq, oldKeyId: last, newKeyId: current.id };
}
