import { readFile } from 'node:fs/promises';

/**
 * A missing file is the normal first run of every store, so it reads as null;
 * anything else (no permission, a folder in its place) is a real fault and throws.
 * A leading byte-order mark (Notepad on Windows writes one) is dropped, or
 * JSON.parse would take a hand-edited settings file for a damaged one.
 */
export async function readTextIfExists(path: string): Promise<string | null> {
  try {
    return (await readFile(path, 'utf8')).replace(/^\uFEFF/, '');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
}
