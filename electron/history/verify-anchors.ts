/**
 * What `journal verify --data-dir` checks the end of a journal against, since records cut off
 * after the last signature show only against something outside the register: a printed
 * closing's chain head (`--anchor SEQ:HASH`), an archive's last record (`--archive FILE`, itself
 * checked first) and the store's newest record of this register (`--store-url URL`).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseRegisterSettings, REGISTER_SETTINGS_FILE } from '../settings/register-settings.js';
import { readTextIfExists } from '../fs/read-text.js';
import { checkArchive, type ArchiveCheck } from '../archive/archive-verify.js';
import type { Anchor } from './journal-verify.js';
import type { GivenKeys } from '../signing/trusted-keys.js';

/** A printed head is at least its first 16 hex digits (as the line's own checksum), at most the whole SHA-256. */
const ANCHOR_RE = /^([1-9]\d{0,15}):([0-9a-f]{16,64})$/;

export function parseAnchor(text: string): Anchor | string {
  const m = ANCHOR_RE.exec(text.trim().toLowerCase());
  if (!m?.[1] || !m[2]) return `--anchor must be SEQ:HASH, the record number and at least the first 16 hex digits of its hash (as a printed closing gives them), not "${text}"`;
  return { seq: Number(m[1]), hash: m[2], source: `the anchor ${m[1]}:${m[2].slice(0, 16)}` };
}

/** The archive checked on its own, and the anchor its last record gives (null when it has none); a file that cannot be read is said in words. */
export async function archiveAnchor(file: string, given: GivenKeys | null = null): Promise<{ check: ArchiveCheck; anchor: Anchor | null } | string> {
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (e) {
    return `cannot read the archive ${file}: ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (e as Error).message}`;
  }
  const check = checkArchive(bytes, given);
  const last = check.manifest?.last;
  return { check, anchor: last && check.breaks.length === 0 ? { ...last, source: `the archive ${file}` } : null };
}

/** The store's newest record of the register whose data folder this is (null: the store holds none of it). */
export async function storeAnchor(url: string, environmentDir: string): Promise<Anchor | null | string> {
  const settings = parseRegisterSettings((await readTextIfExists(join(environmentDir, REGISTER_SETTINGS_FILE))) ?? '');
  if (!settings) return `${join(environmentDir, REGISTER_SETTINGS_FILE)} does not read: the register's id, which the store keeps its records under, is unknown`;
  const { readStoreAt } = await import('../store/store-reader.js');
  const rows = await readStoreAt(url, async (c) => (await c.query<{ seq: string; hash: string }>(
    'SELECT seq::text AS seq, hash FROM chain_records WHERE register_id = $1 ORDER BY chain_records.seq DESC LIMIT 1', [settings.registerId])).rows);
  const row = rows[0];
  return row ? { seq: Number(row.seq), hash: row.hash, source: `the store (register ${settings.registerId})` } : null;
}
