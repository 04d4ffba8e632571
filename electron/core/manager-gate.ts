/**
 * The manager PIN guards the manager view: reading (organization, cards,
 * clients, journal history, settings) as well as changing. dispatch() asks the
 * gate for every method the contract marks manager-only; the cashier's counter
 * and Today never do. A correct PIN unlocks until UNLOCK_IDLE_MS pass without
 * a manager action, measured on the injected monotonic clock (setting the
 * computer's clock neither ends nor stretches it); a timer then locks the view
 * and tells the windows, so the screen locks too. With no PIN set (first run)
 * manager methods are open, and the settings screen asks for one.
 *
 * With a staff list holding a manager, it is that person's own PIN (chosen by name) that unlocks,
 * and a manager signed in at the counter needs none; the manager's StaffRef (`by()`) is journaled
 * with their actions. Until then the register's manager PIN unlocks, and its holder is asked for
 * their name once (the upgrade: that PIN becomes the first manager's own).
 */
import type { Clock, TimerHandle } from '../../shared/clock.js';
import type { ManagerView } from '../../shared/ipc/types.js';
import type { StaffRef } from '../../shared/domain/staff.js';
import { refOf, type ManagerPin, type StaffList } from '../auth/index.js';
import type { SignedIn } from '../../shared/ipc/staff-requests.js';
import { CoreError } from './errors.js';

export const UNLOCK_IDLE_MS = 5 * 60_000;

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

export class ManagerGate {
  /** On the monotonic clock; 0 while locked. */
  private unlockedUntil = 0;
  private idleTimer: TimerHandle | null = null;
  /** The manager whose PIN opened the view (null: the register's manager PIN, or nobody). */
  private unlockedBy: StaffRef | null = null;
  /** Who is signed in at the counter; a manager there needs no PIN. */
  private atCounter: () => SignedIn | null = () => null;

  constructor(
    private readonly pin: ManagerPin,
    /** Only to tell the windows when the unlock lapses, in their time. */
    private readonly wall: Clock,
    /** Elapsed time: the idle time runs on it. */
    private readonly elapsed: Clock,
    private readonly idleMs = UNLOCK_IDLE_MS,
    /** Told whenever the view locks or unlocks (windows follow it). */
    private readonly onChange: (view: ManagerView) => void = () => {},
    private readonly staff: StaffList | null = null,
  ) {}

  /** Wired once the counter's session exists (it journals through the live environment, made after the gate). */
  followCounter(atCounter: () => SignedIn | null): void {
    this.atCounter = atCounter;
  }

  private staffManagers(): boolean {
    return this.staff?.hasActiveManager() ?? false;
  }

  private hasGuard(): boolean {
    return this.pin.hasPin() || this.staffManagers();
  }

  private managerAtCounter(): StaffRef | null {
    const here = this.atCounter();
    return here && here.role === 'manager' ? { id: here.id, name: here.name } : null;
  }

  isOpen(): boolean {
    return !this.hasGuard() || this.elapsed.now() < this.unlockedUntil || this.managerAtCounter() !== null;
  }

  /** The manager journaled with the action being done now: at the counter, else whose PIN opened the view. */
  by(): StaffRef | null {
    return this.managerAtCounter() ?? (this.isOpen() ? this.unlockedBy : null);
  }

  view(): ManagerView {
    const hasPin = this.hasGuard();
    const unlocked = this.isOpen();
    const until = this.wall.now() + (this.unlockedUntil - this.elapsed.now());
    const managers = (this.staff?.members() ?? []).filter((m) => m.active && m.role === 'manager').map(refOf);
    return {
      hasPin, unlocked, unlockedUntil: hasPin && unlocked && this.unlockedUntil > 0 ? until : null, managers, by: this.by(),
      nameFirstManager: unlocked && this.pin.hasPin() && !this.staffManagers() && this.pin.storedHash() !== null,
    };
  }

  /** Throws CoreError 'locked' unless manager methods are allowed now; each allowed one restarts the idle time. */
  require(): void {
    if (!this.isOpen()) throw CoreError.of('locked', 'manager.locked', undefined);
    if (this.hasGuard() && this.unlockedUntil > 0) this.openFor(this.idleMs, false);
  }

  /** Wrong PINs count towards the lock-out kept by ManagerPin, or by that manager's own (on disk, so a restart does not reset it). */
  async unlock(pin: string, staffId?: string): Promise<void> {
    if (this.staff && this.staffManagers()) return this.unlockAs(this.staff, pin, staffId);
    const check = await this.pin.verify(pin);
    if (check.result === 'ok') {
      this.unlockedBy = null;
      this.openFor(this.idleMs, true);
      return;
    }
    this.lock();
    if (check.result === 'unavailable') throw CoreError.of('locked', 'manager.pin_unavailable', undefined);
    if (check.result === 'locked') throw CoreError.of('locked', 'manager.pin_paused', { seconds: seconds(check.retryAfterMs) });
    throw CoreError.of('locked', 'manager.pin_wrong', { attemptsLeft: check.attemptsLeft });
  }

  private async unlockAs(staff: StaffList, pin: string, staffId: string | undefined): Promise<void> {
    const { check, who } = staffId ? await staff.verify(staffId, pin) : { check: { result: 'refused', why: 'unknown_person' } as const, who: null };
    if (check.result === 'ok' && who?.role === 'manager') {
      this.unlockedBy = refOf(who);
      this.openFor(this.idleMs, true);
      return;
    }
    this.lock();
    if (check.result === 'ok' || check.result === 'refused') throw CoreError.of('locked', 'staff.not_a_manager', undefined);
    if (check.result === 'unavailable') throw CoreError.of('locked', 'manager.pin_unavailable', undefined);
    if (check.result === 'locked') throw CoreError.of('locked', 'manager.pin_paused', { seconds: seconds(check.retryAfterMs) });
    throw CoreError.of('locked', 'manager.pin_wrong', { attemptsLeft: check.attemptsLeft });
  }

  /** The upgrade: whoever just opened the view with the register's manager PIN becomes the first manager, under their name. */
  async nameFirstManager(name: string): Promise<void> {
    const hash = this.pin.storedHash();
    if (!this.staff || !this.view().nameFirstManager || !hash) throw CoreError.of('conflict', 'staff.not_a_manager', undefined);
    this.unlockedBy = refOf(await this.staff.adoptFirstManager(name, hash));
    this.onChange(this.view());
  }

  /** The first manager was just added on an open register: like setting the first PIN, whoever did it stays unlocked, as them. */
  firstManagerAdded(who: StaffRef): void {
    this.unlockedBy = who;
    this.openFor(this.idleMs, true);
  }

  lock(): void {
    const was = this.unlockedUntil > 0;
    this.unlockedBy = null;
    this.unlockedUntil = 0;
    this.idleTimer?.cancel();
    this.idleTimer = null;
    if (was) this.onChange(this.view());
  }

  /** Setting or changing the PIN is itself a manager action; the manager who set it stays unlocked. */
  async setPin(pin: string): Promise<void> {
    this.require();
    const first = !this.hasGuard();
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
