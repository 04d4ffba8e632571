/**
 * What a register's data folder says about the register and its terminals, read without opening
 * anything for writing (the export may run beside the till): the register's name (else the
 * computer's, so a register working alone is never written as its internal id) and the shop's
 * names of its terminals, the fallback for journal rows written before each attempt kept them.
 */
import { readFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { parseRegisterSettings, REGISTER_SETTINGS_FILE } from '../settings/register-settings.js';
import { parseDirectory, TERMINALS_FILE } from '../terminals/terminal-directory.js';
import type { KnownTerminal } from './export-table.js';

export interface RegisterFacts {
  registerNames: Map<string, string>;
  terminals: Map<string, KnownTerminal>;
}

async function textOf(path: string): Promise<string | null> {
  try {
    return await readFile(path, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
}

/** `environmentDir` holds the register's `register.json`, `terminals.json` and `journal/`. */
export async function readRegisterFacts(environmentDir: string): Promise<RegisterFacts> {
  const [settingsText, terminalsText] = await Promise.all([
    textOf(join(environmentDir, REGISTER_SETTINGS_FILE)), textOf(join(environmentDir, TERMINALS_FILE)),
  ]);
  const settings = settingsText === null ? null : parseRegisterSettings(settingsText);
  const registerNames = new Map<string, string>();
  if (settings) registerNames.set(settings.registerId, settings.registerName ?? hostname());
  const directory = terminalsText === null ? null : parseDirectory(terminalsText);
  const terminals = new Map<string, KnownTerminal>(Object.entries(directory?.entries ?? {}).map(([id, e]) => [id, { serial: null, name: e.name }]));
  return { registerNames, terminals };
}
