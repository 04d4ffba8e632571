/**
 * This register's own settings (its id and default terminal), one small JSON
 * file per environment, rewritten atomically. Read back as untrusted input: a
 * damaged file is reported and replaced by defaults, never fatal.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { writeFileAtomic } from '../fs/atomic-write.js';
import { isPlainObject } from '../../shared/json.js';
import type { Logger } from '../log.js';

export interface RegisterSettings {
  registerId: string;
  defaultTerminalId: string | null;
}

const FILE = 'register.json';

export class RegisterSettingsStore {
  private current: RegisterSettings;

  private constructor(private readonly path: string, initial: RegisterSettings) {
    this.current = initial;
  }

  static open(dir: string, logger?: Logger): RegisterSettingsStore {
    const path = join(dir, FILE);
    const loaded = existsSync(path) ? parse(readFileSync(path, 'utf8'), logger) : null;
    const store = new RegisterSettingsStore(path, loaded ?? { registerId: newRegisterId(), defaultTerminalId: null });
    if (!loaded) store.save();
    return store;
  }

  get(): RegisterSettings {
    return { ...this.current };
  }

  setDefaultTerminal(terminalId: string | null): RegisterSettings {
    this.current = { ...this.current, defaultTerminalId: terminalId };
    this.save();
    return this.get();
  }

  private save(): void {
    writeFileAtomic(this.path, JSON.stringify(this.current, null, 2));
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
