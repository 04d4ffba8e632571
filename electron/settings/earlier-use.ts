/**
 * Signs that a data folder was used before: bank credentials in the vaults, or a journal of any
 * environment. environments.json missing beside any of them was lost, not never written, and the
 * register must not start as a fresh training till: a production till would then take "sales"
 * that move no money. Names only, for the manager's notice and the log; nothing is read.
 */
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { ENVIRONMENTS } from '../../shared/ipc/types.js';
import { STAGING_VAULT_FILE_NAME, VAULT_FILE_NAME } from '../core/environment-secrets.js';

/** The vault files that hold a bank's sign-in or its sandbox staging token. */
const CREDENTIAL_FILES = [VAULT_FILE_NAME, STAGING_VAULT_FILE_NAME];

export async function earlierUse(dataDir: string): Promise<string[]> {
  const found: string[] = [];
  for (const name of CREDENTIAL_FILES) {
    const size = await stat(join(dataDir, name)).then((s) => s.size, () => 0);
    if (size > 0) found.push(name);
  }
  for (const env of ENVIRONMENTS) {
    const files = await readdir(join(dataDir, env, 'journal')).catch(() => [] as string[]);
    if (files.some((f) => f.endsWith('.jsonl'))) found.push(`${env}/journal`);
  }
  return found;
}
