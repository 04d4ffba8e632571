/**
 * Who is selling at this register: the person signed in with their own PIN, in memory only (a
 * restart, even a crash, leaves nobody signed in). Sign-ins and sign-outs are journal records of
 * the live environment; the idle lock signs the person out after the manager's idle minutes,
 * counted on the injected monotonic clock so setting the computer's clock neither ends nor
 * stretches a shift. Each counter action restarts the idle time (touch).
 */
import type { Clock, TimerHandle } from '../../shared/clock.js';
import type { StaffRef } from '../../shared/domain/staff.js';
import type { SignedIn, StaffView } from '../../shared/ipc/staff-requests.js';
import type { SignOutReason } from '../payments/record-bodies.js';
import type { RecordBy } from '../payments/journal-envelope.js';
import { refOf, type SharedStaff, type StaffList } from '../auth/index.js';
import { storeStaff } from '../store/store-staff.js';
import type { StoreMode } from '../store/store-mode.js';
import { CoreError } from './errors.js';

/** Where sign-ins are journaled: the live environment's engine, or null while no environment is open. */
export type SignInJournal = () => { registerId: string; append(kind: string, body: unknown, by: RecordBy): Promise<unknown> } | null;

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** Store mode: the staff list follows the live environment's store, one link per store. */
export function shareThroughStore(staff: StaffList, liveStore: () => StoreMode | null): void {
  const links = new WeakMap<StoreMode, SharedStaff>();
  staff.follow(() => {
    const store = liveStore();
    if (!store) return null;
    if (!links.has(store)) links.set(store, storeStaff(() => store.liveConnection()));
    return links.get(store) ?? null;
  });
}

export class CounterStaff {
  private current: SignedIn | null = null;
  /** Who signed out for the day last, until the next sign-in. */
  private left: StaffRef | null = null;
  private idleTimer: TimerHandle | null = null;

  constructor(
    private readonly staff: StaffList,
    private readonly elapsed: Clock,
    private readonly journal: SignInJournal,
    /** Told whenever who is signed in changes (windows follow it). */
    private readonly onChange: (view: StaffView) => void = () => {},
  ) {}

  signedIn(): SignedIn | null {
    return this.current;
  }

  leaving(): StaffRef | null {
    return this.left;
  }

  ref(): StaffRef | null {
    return this.current ? { id: this.current.id, name: this.current.name } : null;
  }

  /** The counter asks who is selling only once an active cashier exists. */
  asksWho(): boolean {
    return this.staff.hasActiveCashier();
  }

  view(): StaffView {
    return {
      people: this.staff.members(), asksWho: this.asksWho(), signedIn: this.current, idleMinutes: this.staff.idleMinutes(),
      damaged: this.staff.problem !== null, lastCopy: this.staff.lastCopy(),
    };
  }

  /** Refuses a sale while the counter asks who is selling and nobody answered. */
  requireSeller(): void {
    if (this.asksWho() && !this.current) throw CoreError.of('locked', 'staff.who_is_selling', undefined);
    this.touch();
  }

  /** The PIN is checked against that person's own lock-out; the one signed in before hands over (a `switch`). */
  async signIn(id: string, pin: string): Promise<StaffView> {
    const { check, who } = await this.staff.verify(id, pin);
    if (check.result === 'refused') throw CoreError.of('forbidden', check.why === 'inactive' ? 'staff.inactive' : 'staff.unknown_person', undefined);
    if (check.result === 'unavailable') throw CoreError.of('locked', 'staff.list_unreadable', undefined);
    if (check.result === 'locked') throw CoreError.of('locked', 'staff.pin_paused', { seconds: seconds(check.retryAfterMs), name: who?.name ?? '' });
    if (check.result === 'wrong') throw CoreError.of('locked', 'staff.pin_wrong', { attemptsLeft: check.attemptsLeft });
    if (!who) throw CoreError.of('forbidden', 'staff.unknown_person', undefined);
    if (this.current && this.current.id !== who.id) await this.leave('switch');
    const next: SignedIn = { ...refOf(who), role: who.role };
    const j = this.journal();
    // Journaled first: a sign-in the journal refused did not happen.
    if (j) await j.append('sign_in', { staff: refOf(who), role: who.role, registerId: j.registerId }, refOf(who));
    this.current = next;
    this.left = null;
    this.touch();
    this.onChange(this.view());
    return this.view();
  }

  async signOut(reason: SignOutReason): Promise<StaffView> {
    if (this.current) await this.leave(reason);
    this.onChange(this.view());
    return this.view();
  }

  /** A counter action: the idle time starts again. */
  touch(): void {
    if (!this.current) return;
    this.idleTimer?.cancel();
    const ms = this.staff.idleMinutes() * 60_000;
    this.idleTimer = this.elapsed.setTimer(ms, () => {
      this.idleTimer = null;
      void this.signOut('idle').catch(() => this.forget());
    });
  }

  /** A person deactivated (or changed) while signed in leaves the counter at once. */
  async staffChanged(): Promise<void> {
    const now = this.current ? this.staff.get(this.current.id) : undefined;
    if (this.current && (!now || !now.active || now.role !== this.current.role || now.name !== this.current.name)) await this.signOut('switch');
    else this.onChange(this.view());
  }

  close(): void {
    this.idleTimer?.cancel();
    this.idleTimer = null;
  }

  private async leave(reason: SignOutReason): Promise<void> {
    const person = this.current;
    if (!person) return;
    const j = this.journal();
    // Whatever the journal says, the person is no longer at the counter: the till never stays open to the last one.
    this.forget();
    const ref = { id: person.id, name: person.name };
    this.left = reason === 'end_of_shift' ? ref : null;
    if (j) await j.append('sign_out', { staff: ref, registerId: j.registerId, reason }, ref);
  }

  private forget(): void {
    this.current = null;
    this.idleTimer?.cancel();
    this.idleTimer = null;
  }
}
