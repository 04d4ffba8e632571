/**
 * The manager PIN that guards manager screens (sign-in, settings, refunds).
 * Stored as a salted scrypt hash, never the PIN; compared in constant time;
 * attempts rate-limited by pin-lockout.ts with the state kept in the same file,
 * written atomically.
 *
 * First run: no PIN is set, hasPin() is false and the caller leaves manager
 * screens open until a manager sets one.
 *
 * Fail closed: a PIN file that cannot be read is set aside and the PIN counts
 * as set but unusable (problem 'damaged'), so manager screens stay locked
 * until an administrator restores it. Setting a PIN also writes a small
 * marker file (manager-pin-set.json); a PIN file missing beside that marker
 * has disappeared (problem 'missing') rather than never been set, and stays
 * locked the same way. Deleting the marker is the deliberate way back to
 * first run.
 */
import { dirname, join } from 'node:path';
import { systemClock, type Clock } from '../../shared/clock.js';
import { isPlainObject } from '../../shared/json.js';
import { writeFileAtomic } from '../fs/atomic-write.js';
import { MAX_SETTINGS_BYTES, readTextIfExists, settingsLimitWords } from '../fs/read-text.js';
import { parseBoundedJson } from '../../shared/validation/bounded-json.js';
import { SerialQueue } from '../fs/serial-queue.js';
import { readSettingsText, setAside } from '../settings/set-aside.js';
import { checkPin, initialLockout, isLockoutState, type LockoutState, type PinCheck } from './pin-lockout.js';
import { DEFAULT_COST, PIN_SHAPE, hashPin, isPinHash, type PinCost, type PinHash } from './pin-hash.js';

export type { PinCheck };

interface PinFile {
  version: 1;
  pin: PinHash | null;
  lockout: LockoutState;
}

/** Why the PIN cannot be used: its file was damaged (and set aside), or it disappeared after a PIN was set. */
export type PinProblem = { kind: 'damaged'; keptAs: string | null; detail: string } | { kind: 'missing' };

export const PIN_MARKER_FILE = 'manager-pin-set.json';

function markerText(): string {
  return JSON.stringify({ version: 1, note: 'A manager PIN was set on this register. Delete this file only to start again without a PIN.' }) + '\n';
}

/** Null when the text is a valid PIN file; otherwise what is wrong with it. */
function pinFileProblem(text: string): string | null {
  if (text.trim() === '') return 'the file is empty';
  const parsed = parseBoundedJson(text, MAX_SETTINGS_BYTES);
  if (!parsed.ok) return parsed.limit ? settingsLimitWords(parsed.reason) : 'the file is not JSON';
  const doc = parsed.value;
  if (!isPlainObject(doc) || doc.version !== 1 || !(doc.pin === null || isPinHash(doc.pin)) || !isLockoutState(doc.lockout)) {
    return 'the file has unexpected content';
  }
  return null;
}

/** Checks the PIN format; throws a RangeError a manager can read. */
export function validatePin(pin: string): void {
  if (!PIN_SHAPE.test(pin)) throw new RangeError('The manager PIN must be 4 to 8 digits.');
}

export class ManagerPin {
  /** Attempts are checked one at a time, so parallel guesses cannot outrun the lock-out. */
  private readonly queue = new SerialQueue();

  private constructor(
    private readonly path: string,
    private state: PinFile,
    private readonly clock: Clock,
    private readonly cost: PinCost,
    /** Null when the PIN file is fine (or first run). */
    readonly problem: PinProblem | null,
  ) {}

  /** A missing file means first run unless the marker says a PIN was set; a damaged one is set aside and keeps the screens locked. */
  static async open(options: { path: string; clock?: Clock; cost?: PinCost }): Promise<ManagerPin> {
    const marker = join(dirname(options.path), PIN_MARKER_FILE);
    const make = (state: PinFile, problem: PinProblem | null) =>
      new ManagerPin(options.path, state, options.clock ?? systemClock, options.cost ?? DEFAULT_COST, problem);
    const empty: PinFile = { version: 1, pin: null, lockout: initialLockout() };
    const read = await readSettingsText(() => readTextIfExists(options.path));
    if (read.text === null && read.error === null) {
      return make(empty, (await readTextIfExists(marker).catch(() => '')) === null ? null : { kind: 'missing' });
    }
    const detail = read.error ?? pinFileProblem(read.text ?? '');
    if (detail === null) return make(JSON.parse(read.text ?? '') as PinFile, null);
    const keptAs = await setAside(options.path);
    // The marker makes the next start just as locked, even though the damaged file is now out of the way.
    await writeFileAtomic(marker, markerText(), { mode: 0o600 }).catch(() => undefined);
    return make(empty, { kind: 'damaged', keptAs, detail });
  }

  /** True also when the PIN cannot be read: the guard stays up. */
  hasPin(): boolean {
    return this.state.pin !== null || this.problem !== null;
  }

  /** Sets or replaces the PIN and clears any lock-out. The caller checks the manager is allowed to. */
  setPin(pin: string): Promise<void> {
    validatePin(pin);
    if (this.problem) return Promise.reject(new RangeError('The manager PIN cannot be changed until its file is restored.'));
    return this.queue.run(async () => {
      const hash = await hashPin(pin, this.cost);
      // Marker first: a crash between the two leaves "PIN set, file missing", which locks rather than opens.
      await writeFileAtomic(join(dirname(this.path), PIN_MARKER_FILE), markerText(), { mode: 0o600 });
      await this.save({
        version: 1,
        pin: hash,
        lockout: initialLockout(),
      });
    });
  }

  /** 'ok' also when no PIN is set (first run: the screens are open). */
  verify(pin: string): Promise<PinCheck> {
    return this.queue.run(async (): Promise<PinCheck> => {
      if (this.problem) return { result: 'unavailable' };
      const stored = this.state.pin;
      if (!stored) return { result: 'ok' };
      const { check, lockout } = await checkPin(pin, stored, this.state.lockout, this.clock.now());
      if (lockout === this.state.lockout) return check;
      // Counted in memory first: a failing disk must not grant unlimited guesses.
      this.state = { ...this.state, lockout };
      await this.save(this.state);
      return check;
    });
  }

  /** The stored hash, so the upgrade can make this PIN the first manager's own without ever knowing it. */
  storedHash(): PinHash | null {
    return this.problem ? null : this.state.pin;
  }

  private async save(next: PinFile): Promise<void> {
    await writeFileAtomic(this.path, JSON.stringify(next, null, 2) + '\n', { mode: 0o600 });
    this.state = next;
  }
}
