/**
 * Manager actions (settings, environment, sign-in/out, default terminal, card
 * changes) need the manager PIN; the cashier's screen never does. A correct
 * PIN unlocks them until UNLOCK_IDLE_MS pass without a manager action, by the
 * injected clock. With no PIN set (first run) they are open, and the settings
 * screen asks the manager to set one.
 */
import type { Clock } from '../../shared/clock.js';
import type { Method } from '../../shared/ipc/contract.js';
import type { ManagerView } from '../../shared/ipc/types.js';
import type { ManagerPin } from '../auth/index.js';
import { CoreError } from './errors.js';

export const UNLOCK_IDLE_MS = 5 * 60_000;

export const LOCKED_MESSAGE = 'This is a manager action: enter the manager PIN to continue.';

/** The IPC methods that change how the register works or what the bank holds. */
export const MANAGER_METHODS = [
  'saveEnvironmentSettings', 'switchEnvironment', 'signIn', 'signOut', 'setManagerPin', 'setAcceptPlainTextRisk',
  'setDefaultTerminal', 'renameCard', 'setCardRestrictions', 'lockCard', 'unlockCard', 'reportCardLost',
  'journalHistory', 'exportJournalCsv', 'closeDay', 'correctDay',
] as const satisfies readonly Method[];

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

export class ManagerGate {
  private unlockedUntil = 0;

  constructor(private readonly pin: ManagerPin, private readonly clock: Clock, private readonly idleMs = UNLOCK_IDLE_MS) {}

  isOpen(): boolean {
    return !this.pin.hasPin() || this.clock.now() < this.unlockedUntil;
  }

  view(): ManagerView {
    const hasPin = this.pin.hasPin();
    const unlocked = this.isOpen();
    return { hasPin, unlocked, unlockedUntil: hasPin && unlocked ? this.unlockedUntil : null };
  }

  /** Throws CoreError 'locked' unless manager actions are allowed now; each allowed action restarts the idle time. */
  require(): void {
    if (!this.isOpen()) throw new CoreError('locked', LOCKED_MESSAGE);
    if (this.pin.hasPin()) this.unlockedUntil = this.clock.now() + this.idleMs;
  }

  /** Wrong PINs count towards the lock-out kept by ManagerPin (on disk, so a restart does not reset it). */
  async unlock(pin: string): Promise<void> {
    const check = await this.pin.verify(pin);
    if (check.result === 'ok') {
      this.unlockedUntil = this.clock.now() + this.idleMs;
      return;
    }
    this.unlockedUntil = 0;
    if (check.result === 'locked') {
      throw new CoreError('locked', `Too many wrong PINs. Try again in ${seconds(check.retryAfterMs)} s.`);
    }
    throw new CoreError('locked', `Wrong PIN. ${check.attemptsLeft} ${check.attemptsLeft === 1 ? 'attempt' : 'attempts'} left before a pause.`);
  }

  lock(): void {
    this.unlockedUntil = 0;
  }

  /** Setting or changing the PIN is itself a manager action; the manager who set it stays unlocked. */
  async setPin(pin: string): Promise<void> {
    this.require();
    await this.pin.setPin(pin);
    this.unlockedUntil = this.clock.now() + this.idleMs;
  }
}

/** Wraps the listed handlers so each first asks the gate. */
export function gateHandlers<H extends Partial<Record<Method, (req: never) => Promise<unknown>>>>(
  handlers: H,
  gate: ManagerGate,
  methods: readonly Method[],
): H {
  type Loose = Partial<Record<Method, (req: unknown) => Promise<unknown>>>;
  const out: Loose = { ...(handlers as Loose) };
  for (const m of methods) {
    const inner = out[m];
    if (!inner) continue;
    out[m] = async (req: unknown) => {
      gate.require();
      return inner(req);
    };
  }
  return out as H;
}
