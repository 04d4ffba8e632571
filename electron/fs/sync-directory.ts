/**
 * The app's one way to make a directory entry (a created or renamed file) survive
 * a power cut. Every module that creates files durably calls this, so the
 * per-OS rule below lives in one place: a Windows till must never fail to start
 * because a directory cannot be flushed there.
 */
import { open } from 'node:fs/promises';

/**
 * Codes that mean "this OS or file system cannot flush a directory", not that
 * something is wrong. Windows opens a directory but refuses FlushFileBuffers on it
 * (EPERM, or EACCES/EISDIR depending on the API path) while NTFS journals the
 * rename itself; some Linux file systems (network, FUSE) answer EINVAL.
 */
const UNSUPPORTED_EVERYWHERE = new Set(['EINVAL', 'EISDIR']);
const UNSUPPORTED_ON_WINDOWS = new Set(['EPERM', 'EACCES']);

export function directorySyncUnsupported(code: string | undefined, platform: NodeJS.Platform = process.platform): boolean {
  if (code === undefined) return false;
  return UNSUPPORTED_EVERYWHERE.has(code) || (platform === 'win32' && UNSUPPORTED_ON_WINDOWS.has(code));
}

/** Flushes `dir`'s entry table. A missing folder or a real I/O error still throws, on every OS. */
export async function syncDirectory(dir: string): Promise<void> {
  let handle;
  try {
    // Opening counts too: some Windows versions refuse a directory handle outright.
    handle = await open(dir, 'r');
    await handle.sync();
  } catch (e) {
    if (!directorySyncUnsupported((e as NodeJS.ErrnoException).code)) throw e;
  } finally {
    await handle?.close();
  }
}
