/**
 * This register's own settings (its id and default terminal), one small JSON
 * file per environment, rewritten atomically. Read back as untrusted input: a
 * damaged file is set aside and replaced by defaults, never fatal, and the
 * manager is told (setAsideAs) until the default terminal is chosen again.
 */
import { chmodSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { writeFileAtomic } from '../fs/atomic-write.js';
import { setAside } from './set-aside.js';
import { isPlainObject } from '../../shared/json.js';
import type { Logger } from '../log.js';

export interface RegisterSettings {
  registerId: string;
  defaultTerminalId: string | null;
}

const FILE = 'register.json';
/** Owner only, like the vault and the PIN file: the register id and default terminal are the shop's business. */
const FILE_MODE = 0o600;

export class RegisterSettingsStore {
  private current: RegisterSettings;
  /** Where the damaged file went at this start (null when none was damaged, or once the manager chose a terminal). */
  setAsideAs: string | null = null;
  /** A damaged file was met at this start even if it could not be moved aside. */
  private damaged = false;

  private constructor(private readonly path: string, initial: RegisterSettings) {
    this.current = initial;
  }

  static async open(dir: string, logger?: Logger): Promise<RegisterSettingsStore> {
    mkdirSync(dir, { recursive: true });
    const path = join(dir, FILE);
    const exists = existsSync(path);
    const loaded = exists ? parse(readOrEmpty(path), logger) : null;
    let kept: string | null = null;
    if (exists && !loaded) {
      // Kept beside the new file so a manager (or support) can still read what was there.
      kept = await setAside(path);
      logger?.warn('register settings were damaged and were set aside', { keptAs: kept });
    }
    const store = new RegisterSettingsStore(path, loaded ?? { registerId: newRegisterId(), defaultTerminalId: null });
    store.setAsideAs = kept;
    store.damaged = exists && !loaded;
    if (!loaded) await store.save();
    // A file written by an older version was readable by every user of the computer.
    else chmodSync(path, FILE_MODE);
    return store;
  }

  get(): RegisterSettings {
    return { ...this.current };
  }

  /** True from a start that met a damaged file until the manager chooses the default terminal again. */
  wasDamaged(): boolean {
    return this.damaged;
  }

  /** Resolves once the new default is on disk, so a restart right after still has it. */
  async setDefaultTerminal(terminalId: string | null): Promise<RegisterSettings> {
    this.current = { ...this.current, defaultTerminalId: terminalId };
    await this.save();
    this.damaged = false;
    return this.get();
  }

  private save(): Promise<void> {
    return writeFileAtomic(this.path, JSON.stringify(this.current, null, 2), { mode: FILE_MODE });
  }
}

/** A file that cannot be read at all (a folder in its place, no permission) is as damaged as bad JSON. */
function readOrEmpty(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}

function newRegisterId(): string {
  return `REG-${randomUUID().slice(0, 8).toUpperCase()}`;
}

function parse(text: string, logger?: Logger): RegisterSettings | null {
  try {
    const v: unknown = JSON.parse(text);
    if (isPlainObject(v) && typeof v.registerId === 'string' && v.registerId.length > 0 &&
      (v.defaultTerminalId === null || typeof v.defaultTerminalId === 'string')) {
      return { registerId: v.registerId, defaultTerminalId: v.defaultTerminalId };
    }
    logger?.warn('register settings have an unexpected shape; starting from defaults');
  } catch {
    logger?.warn('register settings are not valid JSON; starting from defaults');
  }
  return null;
}
