/**
 * Tells each environment's journal which key signs it, at every start, before any signature:
 * the public key goes into `journal/public-keys.pem` (anyone verifies with it, no secret needed),
 * and a key other than the last one listed there is journaled as `key_changed`, signed by the old
 * key when the register still has it (a rotation) and unsigned when it does not (the key was
 * lost: the manager is told, since every later signature rests on the new key alone).
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
  // Written before the record that names it: a verify in between finds the key it needs.
  await writeFileAtomic(path, `${listed ? text : ''}${current.publicPem}`, { mode: 0o644 });
  if (last === null && !text) return { change: 'first' };
  const previous = key.previous;
  const signer = previous && previous.id === last ? previous : null;
  const body: KeyChangedBody = {
    oldKeyId: last, newKeyId: current.id, publicKey: current.publicPem,
    signature: signer ? signer.sign(keyChangeText(current.id, current.publicPem)) : null,
  };
  const written = await append('key_changed', body, by);
  return { change: signer ? 'signed' : 'lost', seq: written.seq ?? 0, oldKeyId: last, newKeyId: current.id };
}
