/**
 * The manager PIN that guards manager screens (sign-in, settings, refunds).
 * Stored as a salted scrypt hash, never the PIN; compared in constant time;
 * attempts rate-limited by pin-lockout.ts with the state kept in the same file,
 * written atomically.
 *
 * First run: no PIN is set, hasPin() is false and the caller leaves manager
 * screens open until a manager sets one.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { systemClock, type Clock } from '../../shared/clock.js';
import { isPlainObject } from '../../shared/json.js';
import { writeFileAtomic } from '../fs/atomic-write.js';
import { readTextIfExists } from '../fs/read-text.js';
import { SerialQueue } from '../fs/serial-queue.js';
import {
  afterFailure, attemptsLeft, initialLockout, isLockoutState, lockRemaining, type LockoutState,
} from './pin-lockout.js';

export type PinCheck =
  | { result: 'ok' }
  | { result: 'wrong'; attemptsLeft: number }
  | { result: 'locked'; retryAfterMs: number };

interface PinHash {
  algorithm: 'scrypt';
  N: number;
  r: number;
  p: number;
  salt: string;
  hash: string;
}

interface PinFile {
  version: 1;
  pin: PinHash | null;
  lockout: LockoutState;
}

/** 2^14 is the interactive-login cost from the scrypt paper: ~50 ms per attempt here. */
const DEFAULT_COST = { N: 2 ** 14, r: 8, p: 1 };
const KEY_BYTES = 32;
const SALT_BYTES = 16;
const PIN_SHAPE = /^[0-9]{4,8}$/;

export class PinFileError extends Error {
  constructor(path: string, detail: string) {
    super(`The manager PIN file ${path} is damaged (${detail}). Restore it from a backup or delete it to set a new PIN.`);
    this.name = 'PinFileError';
  }
}

function derive(pin: string, salt: Buffer, cost: { N: number; r: number; p: number }): Promise<Buffer> {
  const opts: ScryptOptions = { N: cost.N, r: cost.r, p: cost.p, maxmem: 256 * cost.N * cost.r };
  return new Promise((resolve, reject) => scrypt(pin, salt, KEY_BYTES, opts, (e, key) => (e ? reject(e) : resolve(key))));
}

function isPinHash(v: unknown): v is PinHash {
  return isPlainObject(v) && v.algorithm === 'scrypt'
    && [v.N, v.r, v.p].every((n) => Number.isInteger(n) && (n as number) > 0)
    && typeof v.salt === 'string' && typeof v.hash === 'string'
    && Buffer.from(v.hash, 'base64').length === KEY_BYTES;
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
    private readonly cost: { N: number; r: number; p: number },
  ) {}

  /** A missing file means first run; a damaged one throws PinFileError rather than silently opening the screens. */
  static async open(options: { path: string; clock?: Clock; cost?: { N: number; r: number; p: number } }): Promise<ManagerPin> {
    let state: PinFile = { version: 1, pin: null, lockout: initialLockout() };
    const text = await readTextIfExists(options.path);
    if (text !== null) {
      let doc: unknown;
      try {
        doc = JSON.parse(text);
      } catch {
        throw new PinFileError(options.path, 'not JSON');
      }
      if (!isPlainObject(doc) || doc.version !== 1 || !(doc.pin === null || isPinHash(doc.pin)) || !isLockoutState(doc.lockout)) {
        throw new PinFileError(options.path, 'unexpected content');
      }
      state = doc as unknown as PinFile;
    }
    return new ManagerPin(options.path, state, options.clock ?? systemClock, options.cost ?? DEFAULT_COST);
  }

  hasPin(): boolean {
    return this.state.pin !== null;
  }

  /** Sets or replaces the PIN and clears any lock-out. The caller checks the manager is allowed to. */
  setPin(pin: string): Promise<void> {
    validatePin(pin);
    return this.queue.run(async () => {
      const salt = randomBytes(SALT_BYTES);
      const hash = await derive(pin, salt, this.cost);
      await this.save({
        version: 1,
        pin: { algorithm: 'scrypt', ...this.cost, salt: salt.toString('base64'), hash: hash.toString('base64') },
        lockout: initialLockout(),
      });
    });
  }

  /** 'ok' also when no PIN is set (first run: the screens are open). */
  verify(pin: string): Promise<PinCheck> {
    return this.queue.run(async (): Promise<PinCheck> => {
      const stored = this.state.pin;
      if (!stored) return { result: 'ok' };
      const now = this.clock.now();
      const remaining = lockRemaining(this.state.lockout, now);
      // While locked nothing is checked, not even a correct PIN: that is the point of the lock.
      if (remaining > 0) return { result: 'locked', retryAfterMs: remaining };
      const expected = Buffer.from(stored.hash, 'base64');
      const actual = PIN_SHAPE.test(pin) ? await derive(pin, Buffer.from(stored.salt, 'base64'), stored) : null;
      if (actual && timingSafeEqual(actual, expected)) {
        if (this.state.lockout.failures > 0 || this.state.lockout.lockouts > 0) await this.save({ ...this.state, lockout: initialLockout() });
        return { result: 'ok' };
      }
      const lockout = afterFailure(this.state.lockout, now);
      // Counted in memory first: a failing disk must not grant unlimited guesses.
      this.state = { ...this.state, lockout };
      await this.save(this.state);
      const lockedFor = lockRemaining(lockout, now);
      return lockedFor > 0 ? { result: 'locked', retryAfterMs: lockedFor } : { result: 'wrong', attemptsLeft: attemptsLeft(lockout) };
    });
  }

  private async save(next: PinFile): Promise<void> {
    await writeFileAtomic(this.path, JSON.stringify(next, null, 2) + '\n', { mode: 0o600 });
    this.state = next;
  }
}
