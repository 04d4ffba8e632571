/**
 * Crash-safe file replacement: readers see either the old file or the new one,
 * never a torn mix, even after a power cut. The data is written to a temporary
 * file in the same directory (rename is only atomic within one file system),
 * flushed to disk, renamed over the target, and then the directory itself is
 * flushed so the rename survives a crash too.
 */
import { randomBytes } from 'node:crypto';
import { open, rename, unlink, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { syncDirectory } from './sync-directory.js';

export interface AtomicWriteOptions {
  /**
   * File permissions of the new file: owner only (0o600) unless said otherwise, since every file
   * of the data folder (settings, terminal names, the journal) is the shop's business. Ignored on
   * Windows, where the user's profile folder already is owner only.
   */
  mode?: number;
  /** How long a Windows rename may wait for another handle on the target to close. */
  renameBudgetMs?: number;
}

/**
 * Windows refuses to rename over a file another handle holds open (a reader, the
 * backup agent, an antivirus scan): EPERM/EACCES/EBUSY that clears within moments.
 * POSIX renames over open files, so there the first answer is final.
 */
const BUSY_ON_WINDOWS = new Set(['EPERM', 'EACCES', 'EBUSY']);

async function renameOver(from: string, to: string, budgetMs: number): Promise<void> {
  const giveUpAt = Date.now() + budgetMs;
  for (let wait = 10; ; wait = Math.min(wait * 2, 200)) {
    try {
      return await rename(from, to);
    } catch (e) {
      const busy = process.platform === 'win32' && BUSY_ON_WINDOWS.has((e as NodeJS.ErrnoException).code ?? '');
      if (!busy || Date.now() + wait > giveUpAt) throw e;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}

export async function writeFileAtomic(path: string, data: string | Uint8Array, options: AtomicWriteOptions = {}): Promise<void> {
  await writeAtomicallyBy(path, (handle) => handle.writeFile(data), options);
}

/**
 * The same replacement for a file too large to hold in memory (a year's journal archive): `fill`
 * writes the temporary file piece by piece. Whatever `fill` throws, the temporary file is removed
 * and the target stays as it was.
 */
export async function writeAtomicallyBy<T>(path: string, fill: (handle: FileHandle) => Promise<T>, options: AtomicWriteOptions = {}): Promise<T> {
  const dir = dirname(path);
  const temp = join(dir, `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  // 'wx' fails if the name exists, so two writers can never share a temp file.
  const handle = await open(temp, 'wx', options.mode ?? 0o600);
  let result: T;
  try {
    try {
      result = await fill(handle);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await renameOver(temp, path, options.renameBudgetMs ?? 2_000);
  } catch (e) {
    await unlink(temp).catch(() => undefined);
    throw e;
  }
  await syncDirectory(dir);
  return result;
}

// Callers that flush a folder themselves (an append-only file's first line) take the same helper from here too.
export { syncDirectory } from './sync-directory.js';
