/**
 * Crash-safe file replacement: readers see either the old file or the new one,
 * never a torn mix, even after a power cut. The data is written to a temporary
 * file in the same directory (rename is only atomic within one file system),
 * flushed to disk, renamed over the target, and then the directory itself is
 * flushed so the rename survives a crash too.
 */
import { randomBytes } from 'node:crypto';
import { open, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

export interface AtomicWriteOptions {
  /** File permissions of the new file; secrets use 0o600 (owner only). Ignored on Windows. */
  mode?: number;
}

export async function writeFileAtomic(path: string, data: string | Uint8Array, options: AtomicWriteOptions = {}): Promise<void> {
  const dir = dirname(path);
  const temp = join(dir, `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  // 'wx' fails if the name exists, so two writers can never share a temp file.
  const handle = await open(temp, 'wx', options.mode ?? 0o644);
  try {
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, path);
  } catch (e) {
    await unlink(temp).catch(() => undefined);
    throw e;
  }
  await syncDirectory(dir);
}

/**
 * Flushes a directory entry table. Windows cannot open a directory for fsync
 * (EPERM/EISDIR) and NTFS journals the rename itself, so that failure is expected
 * there and ignored; anything else is a real error.
 */
export async function syncDirectory(dir: string): Promise<void> {
  let handle;
  try {
    handle = await open(dir, 'r');
    await handle.sync();
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (process.platform === 'win32' || code === 'EISDIR' || code === 'EPERM' || code === 'EINVAL') return;
    throw e;
  } finally {
    await handle?.close();
  }
}
