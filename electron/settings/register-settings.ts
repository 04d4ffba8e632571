/**
 * This register's own settings (its id, default terminal and language), one small JSON
 * file per environment, rewritten atomically. Read back as untrusted input: a
 * damaged file is set aside and replaced by defaults, never fatal, and the
 * manager is told (setAsideAs) until the default terminal is chosen again. The file also names
 * the computer that works as this register (machine-fingerprint.ts): a folder copied to another
 * computer is told apart from the original when the store is asked who holds the register id.
 */
import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { writeFileAtomic } from '../fs/atomic-write.js';
import { setAside } from './set-aside.js';
import { isPlainObject } from '../../shared/json.js';
import { parseBoundedJson } from '../../shared/validation/bounded-json.js';
import { MAX_SETTINGS_BYTES, readTextIfExists } from '../fs/read-text.js';
import type { Logger } from '../log.js';
import { isLanguage, type Language } from '../../shared/i18n/languages.js';
import { isRegisterName } from '../../shared/validation/register-name.js';
import { isMachineFingerprint, thisMachine } from './machine-fingerprint.js';

export interface RegisterSettings {
  registerId: string;
  defaultTerminalId: string | null;
  /** The manager's language for this register; null follows the organization's locale. */
  language: Language | null;
  /** The name people read ("Caisse 1") in store mode; null until a manager gives one. */
  registerName: string | null;
}

export const REGISTER_SETTINGS_FILE = 'register.json';
/** Owner only, like the vault and the PIN file: the register id and default terminal are the shop's business. */
const FILE_MODE = 0o600;

export class RegisterSettingsStore {
  private current: RegisterSettings;
  /** Where the damaged file went at this start (null when none was damaged, or once the manager chose a terminal). */
  setAsideAs: string | null = null;
  /** A damaged file was met at this start even if it could not be moved aside. */
  private damaged = false;
  /** This start made this computer a register of its own before the engine opened: the store's name of the register its folder was copied from (set by the core). */
  becameNewFrom: string | null = null;
  /** The computer the file names as this register's (null before files named one). */
  private fileMachine: string | null = null;

  private constructor(private readonly path: string, initial: RegisterSettings, readonly here: string) {
    this.current = initial;
  }

  /** `here`: this computer's fingerprint (tests pretend to be other computers). */
  static async open(dir: string, logger?: Logger, here: string = thisMachine()): Promise<RegisterSettingsStore> {
    mkdirSync(dir, { recursive: true });
    const path = join(dir, REGISTER_SETTINGS_FILE);
    const exists = existsSync(path);
    const text = exists ? await readOrEmpty(path, logger) : '';
    const loaded = exists ? parseRegisterSettings(text, logger) : null;
    let kept: string | null = null;
    if (exists && !loaded) {
      // Kept beside the new file so a manager (or support) can still read what was there.
      kept = await setAside(path);
      logger?.warn('register settings were damaged and were set aside', { keptAs: kept });
    }
    const store = new RegisterSettingsStore(path, loaded ?? { registerId: newRegisterId(), defaultTerminalId: null, language: null, registerName: null }, here);
    store.setAsideAs = kept;
    store.damaged = exists && !loaded;
    store.fileMachine = loaded ? readMachine(text) : here;
    // A file from before machines were named is taken to be this computer's (the store still tells twins apart).
    if (!loaded || store.fileMachine === null) {
      store.fileMachine ??= here;
      await store.save();
    }
    // A file written by an older version was readable by every user of the computer.
    else chmodSync(path, FILE_MODE);
    return store;
  }

  get(): RegisterSettings {
    return { ...this.current };
  }

  /** The folder was last this register's on another computer: copied (or moved) here. */
  copiedHere(): boolean {
    return this.fileMachine !== this.here;
  }

  /**
   * Another computer holds this register id in the store and this folder was copied here: this
   * computer becomes a register of its own, with a new id and no name yet (a manager gives one),
   * from the next start (at once when asked before the engine opens). Its journal stays; its records ship under the new id.
   */
  async becomeNewRegister(): Promise<RegisterSettings> {
    this.current = { ...this.current, registerId: newRegisterId(), registerName: null };
    this.fileMachine = this.here;
    await this.save();
    return this.get();
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

  async setLanguage(language: Language | null): Promise<RegisterSettings> {
    this.current = { ...this.current, language };
    await this.save();
    return this.get();
  }

  async setRegisterName(registerName: string | null): Promise<RegisterSettings> {
    this.current = { ...this.current, registerName };
    await this.save();
    return this.get();
  }

  private save(): Promise<void> {
    return writeFileAtomic(this.path, JSON.stringify({ ...this.current, machine: this.fileMachine }, null, 2), { mode: FILE_MODE });
  }
}

/** A file that cannot be read at all (a folder in its place, no permission, far too large) is as damaged as bad JSON. */
async function readOrEmpty(path: string, logger?: Logger): Promise<string> {
  try {
    return (await readTextIfExists(path)) ?? '';
  } catch (e) {
    logger?.warn('register settings could not be read', { reason: e instanceof Error ? e.message : String(e) });
    return '';
  }
}

/** The machine the file names, when it names a valid one. */
function readMachine(text: string): string | null {
  const parsed = parseBoundedJson(text, MAX_SETTINGS_BYTES);
  return parsed.ok && isPlainObject(parsed.value) && isMachineFingerprint(parsed.value.machine) ? parsed.value.machine : null;
}

function newRegisterId(): string {
  return `REG-${randomUUID().slice(0, 8).toUpperCase()}`;
}

/** The settings file's content read back, or null when it is not one (exported for the journal's read-only export). */
export function parseRegisterSettings(text: string, logger?: Logger): RegisterSettings | null {
  const parsed = parseBoundedJson(text, MAX_SETTINGS_BYTES);
  if (!parsed.ok) {
    logger?.warn(parsed.limit ? `register settings are ${parsed.reason}; starting from defaults` : 'register settings are not valid JSON; starting from defaults');
    return null;
  }
  const v = parsed.value;
  if (isPlainObject(v) && typeof v.registerId === 'string' && v.registerId.length > 0 &&
    (v.defaultTerminalId === null || typeof v.defaultTerminalId === 'string') &&
    (v.language === undefined || v.language === null || isLanguage(v.language)) &&
    (v.registerName === undefined || v.registerName === null || isRegisterName(v.registerName))) {
    // Files written before the language setting (or the register's name) existed have none: follow the organization.
    return { registerId: v.registerId, defaultTerminalId: v.defaultTerminalId, language: v.language ?? null, registerName: v.registerName ?? null };
  }
  logger?.warn('register settings have an unexpected shape; starting from defaults');
  return null;
}
