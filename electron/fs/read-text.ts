import { open } from 'node:fs/promises';

/** No settings file we write comes near this; a larger one is damaged and is not read into memory. */
export const MAX_SETTINGS_BYTES = 1024 * 1024;

/** A file refused for its size alone, before a byte of it was read. */
export class FileTooLargeError extends Error {
  constructor(readonly size: number, readonly limit: number) {
    super(`the file is far too large to be a settings file (${size} bytes, the limit is ${limit})`);
    this.name = 'FileTooLargeError';
  }
}

/** A settings file refused by parseBoundedJson, in words a manager reads in a notice (the log has the detail). */
export function settingsLimitWords(reason: string): string {
  return reason.startsWith('too deep') ? 'the file is nested far too deeply to be a settings file' : 'the file is far too large to be a settings file';
}

/**
 * A missing file is the normal first run of every store, so it reads as null;
 * anything else (no permission, a folder in its place, too large) is a real fault and throws.
 * A leading byte-order mark (Notepad on Windows writes one) is dropped, or
 * JSON.parse would take a hand-edited settings file for a damaged one.
 */
export async function readTextIfExists(path: string, maxBytes = MAX_SETTINGS_BYTES): Promise<string | null> {
  let handle;
  try {
    handle = await open(path, 'r');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
  try {
    const { size } = await handle.stat();
    if (size > maxBytes) throw new FileTooLargeError(size, maxBytes);
    return (await handle.readFile('utf8')).replace(/^\uFEFF/, '');
  } finally {
    await handle.close();
  }
}
