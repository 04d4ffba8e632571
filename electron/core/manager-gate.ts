/**
 * The manager PIN guards the manager view: reading (organization, cards,
 * clients, journal history, settings) as well as changing. dispatch() asks the
 * gate for every method the contract marks manager-only; the cashier's counter
 * and Today never do. A correct PIN unlocks until UNLOCK_IDLE_MS pass without
 * a manager action, measured on the injected monotonic clock (setting the
 * computer's clock neither ends nor stretches it); a timer then locks the view
 * and tells the windows, so the screen locks too. With no PIN set (first run)
 * manager methods are open, and the settings screen asks for one.
 */
import type { Clock, TimerHandle } from '../../shared/clock.js';
import type { ManagerView } from '../../shared/ipc/types.js';
import type { ManagerPin } from '../auth/index.js';
import { CoreError } from './errors.js';

export const UNLOCK_IDLE_MS = 5 * 60_000;

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

export class ManagerGate {
  /** On the monotonic clock; 0 while locked. */
  private unlockedUntil = 0;
  private idleTimer: TimerHandle | null = null;

  constructor(
    private readonly pin: ManagerPin,
    /** Only to tell the windows when the unlock lapses, in their time. */
    private readonly wall: Clock,
    /** Elapsed time: the idle time runs on it. */
    private readonly elapsed: Clock,
    private readonly idleMs = UNLOCK_IDLE_MS,
    /** Told whenever the view locks or unlocks (windows follow it). */
    private readonly onChange: (view: ManagerView) => void = () => {},
  ) {}

  isOpen(): boolean {
    return !this.pin.hasPin() || this.elapsed.now() < this.unlockedUntil;
  }

  view(): ManagerView {
    const hasPin = this.pin.hasPin();
    const unlocked = this.isOpen();
    const until = this.wall.now() + (this.unlockedUntil - this.elapsed.now());
    return { hasPin, unlocked, unlockedUntil: hasPin && unlocked ? until : null };
  }

  /** Throws CoreError 'locked' unless manager methods are allowed now; each allowed one restarts the idle time. */
  require(): void {
    if (!this.isOpen()) throw CoreError.of('locked', 'manager.locked', undefined);
    if (this.pin.hasPin()) this.openFor(this.idleMs, false);
  }

  /** Wrong PINs count towards the lock-out kept by ManagerPin (on disk, so a restart does not reset it). */
  async unlock(pin: string): Promise<void> {
    const check = await this.pin.verify(pin);
    if (check.result === 'ok') {
      this.openFor(this.idleMs, true);
      return;
    }
    this.lock();
    if (check.result === 'unavailable') throw CoreError.of('locked', 'manager.pin_unavailable', undefined);
    if (check.result === 'locked') throw CoreError.of('locked', 'manager.pin_paused', { seconds: seconds(check.retryAfterMs) });
    throw CoreError.of('locked', 'manager.pin_wrong', { attemptsLeft: check.attemptsLeft });
  }

  lock(): void {
    const was = this.unlockedUntil > 0;
    this.unlockedUntil = 0;
    this.idleTimer?.cancel();
    this.idleTimer = null;
    if (was) this.onChange(this.view());
  }

  /** Setting or changing the PIN is itself a manager action; the manager who set it stays unlocked. */
  async setPin(pin: string): Promise<void> {
    this.require();
    const first = !this.pin.hasPin();
    await this.pin.setPin(pin);
    this.openFor(this.idleMs, first);
  }

  close(): void {
    this.idleTimer?.cancel();
    this.idleTimer = null;
  }

  private openFor(ms: number, announce: boolean): void {
    this.unlockedUntil = this.elapsed.now() + ms;
    this.idleTimer?.cancel();
    this.idleTimer = this.elapsed.setTimer(ms, () => this.expire());
    if (announce) this.onChange(this.view());
  }

  private expire(): void {
    this.idleTimer = null;
    if (this.unlockedUntil > 0 && this.elapsed.now() >= this.unlockedUntil) this.lock();
  }
}
