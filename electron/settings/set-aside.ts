/**
 * A settings file that cannot be read is renamed, never deleted or
 * overwritten: support (or a manager with a backup) can still see what was
 * there, and the next start does not trip over it again.
 */
import { rename } from 'node:fs/promises';
import { basename } from 'node:path';

/** Renames path to path.damaged-<time>; the new name, or null when even that failed (the notice still shows). */
export async function setAside(path: string, now = Date.now()): Promise<string | null> {
  const kept = `${path}.damaged-${now}`;
  try {
    await rename(path, kept);
    return kept;
  } catch {
    return null;
  }
}

/** Words for where the damaged copy went. */
export function keptWords(kept: string | null): string {
  return kept ? `The damaged file was kept as ${basename(kept)} in the data folder.` : 'The damaged file could not be moved aside.';
}

/** Reads a settings file; a missing file is null, any other failure (no permission, a folder in its place) is a damage. */
export async function readSettingsText(read: () => Promise<string | null>): Promise<{ text: string | null; error: string | null }> {
  try {
    return { text: await read(), error: null };
  } catch (e) {
    return { text: null, error: e instanceof Error ? e.message : String(e) };
  }
}
