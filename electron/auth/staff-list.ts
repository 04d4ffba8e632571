/**
 * The shop's staff list on this register: each person's name, role, own PIN (only its scrypt
 * hash) and own wrong-PIN lock-out, and the idle minutes before the counter asks who is selling
 * again. Kept in `staff.json` beside the manager PIN, owner-only, written whole and atomically:
 * a refused change writes nothing and a crash leaves the old list or the new one.
 *
 * In store mode the store's copy wins (store-staff.ts in electron/store): the list is read from it
 * before each change and each PIN check, a change is written there first (refused while the store
 * is down, so two registers never keep two lists), and lock-outs are written back to it.
 *
 * A file that cannot be read is set aside and the list counts as damaged: nobody can sign in
 * and no one is added until it is restored (`problem`); the register's manager PIN still guards
 * the back office meanwhile.
 */
import { randomBytes } from 'node:crypto';
import { systemClock, type Clock } from '../../shared/clock.js';
import type { StaffMember, StaffRole } from '../../shared/domain/staff.js';
import { writeFileAtomic } from '../fs/atomic-write.js';
import { readTextIfExists } from '../fs/read-text.js';
import { SerialQueue } from '../fs/serial-queue.js';
import { readSettingsText, setAside } from '../settings/set-aside.js';
import { DEFAULT_COST, hashPin, type PinCost, type PinHash } from './pin-hash.js';
import { checkPin, initialLockout, type LockoutState, type PinCheck } from './pin-lockout.js';
import { emptyDoc, member, staffDocProblem, type StaffDoc, type StoredPerson } from './staff-doc.js';
import {
  IDLE_MINUTES_MAX, IDLE_MINUTES_MIN, StaffRefusal, checkKeepsManager, checkNameFree, checkPinShape, cleanName,
} from './staff-rules.js';

export const STAFF_FILE = 'staff.json';

export type SignInCheck = PinCheck | { result: 'refused'; why: 'unknown_person' | 'inactive' };

/** Store mode: the shop's copy of the list; every call throws when the store does not answer. */
export interface SharedStaff {
  up(): boolean;
  /** The store's document (checked here like a file), or null when no register offered one yet. */
  pull(): Promise<unknown>;
  /** `base`: the list the change was built on; false (nothing written) when the store no longer holds it. */
  push(doc: StaffDoc, base?: StaffDoc): Promise<boolean>;
  pushLockout(staffId: string, lockout: LockoutState): Promise<void>;
}

export class StaffList {
  /** Changes and PIN checks one at a time: parallel guesses cannot outrun a lock-out, two edits cannot cross. */
  private readonly queue = new SerialQueue();
  private shared: () => SharedStaff | null = () => null;
  /** The store did not answer the last read: the list is this register's last copy. */
  private storeMissed = false;

  private constructor(
    private readonly path: string,
    private doc: StaffDoc,
    private readonly clock: Clock,
    private readonly cost: PinCost,
    /** Null when the file is fine (or absent: no staff yet). */
    readonly problem: { keptAs: string | null; detail: string } | null,
    private readonly newId: () => string,
  ) {}

  static async open(o: { path: string; clock?: Clock; cost?: PinCost; newId?: () => string }): Promise<StaffList> {
    const make = (doc: StaffDoc, problem: StaffList['problem']) =>
      new StaffList(o.path, doc, o.clock ?? systemClock, o.cost ?? DEFAULT_COST, problem, o.newId ?? (() => `s-${randomBytes(6).toString('hex')}`));
    const read = await readSettingsText(() => readTextIfExists(o.path));
    if (read.text === null && read.error === null) return make(emptyDoc(), null);
    const detail = read.error ?? staffDocProblem(read.text ?? '');
    if (detail === null) return make(JSON.parse(read.text ?? '') as StaffDoc, null);
    return make(emptyDoc(), { keptAs: await setAside(o.path), detail });
  }

  /** Store mode follows the live environment's store (null: working alone). */
  follow(shared: () => SharedStaff | null): void {
    this.shared = shared;
  }

  /** Store mode with the store down (or not answering): the list shown is this register's last copy. */
  lastCopy(): boolean {
    const s = this.shared();
    return s !== null && (!s.up() || this.storeMissed);
  }

  /** Reads the store's list now (store mode); working alone, or with the store down, the own copy stays. */
  refresh(): Promise<void> {
    return this.queue.run(() => this.fromStore());
  }

  members(): StaffMember[] {
    return this.doc.people.map(member);
  }

  get(id: string): StaffMember | undefined {
    const p = this.doc.people.find((x) => x.id === id);
    return p ? member(p) : undefined;
  }

  /** The counter asks who is selling only once someone is a cashier: a one-person shop never sets anything up. */
  hasActiveCashier(): boolean {
    return this.doc.people.some((p) => p.active && p.role === 'cashier');
  }

  hasActiveManager(): boolean {
    return this.doc.people.some((p) => p.active && p.role === 'manager');
  }

  idleMinutes(): number {
    return this.doc.idleMinutes;
  }

  /** The document as it stands (the store copies it; tests read it). */
  snapshot(): StaffDoc {
    return structuredClone(this.doc);
  }

  add(input: { name: string; role: StaffRole; pin: string }): Promise<StaffMember> {
    return this.change(async (people) => {
      checkPinShape(input.pin);
      const name = cleanName(input.name);
      checkNameFree(people, name, null);
      const person: StoredPerson = { id: this.newId(), name, role: input.role, active: true, pin: await hashPin(input.pin, this.cost), lockout: initialLockout() };
      return { people: [...people, person], changed: person };
    });
  }

  /** The register's manager PIN becomes the first manager's own (the hash is copied: nobody types it again). */
  adoptFirstManager(name: string, pin: PinHash): Promise<StaffMember> {
    return this.change(async (people) => {
      const clean = cleanName(name);
      if (people.some((p) => p.role === 'manager')) throw new StaffRefusal('not_a_manager', 'The first manager was named already.');
      checkNameFree(people, clean, null);
      const person: StoredPerson = { id: this.newId(), name: clean, role: 'manager', active: true, pin, lockout: initialLockout() };
      return { people: [...people, person], changed: person };
    });
  }

  /** A new name, role or PIN (a new PIN also clears that person's lock-out). */
  edit(id: string, input: { name?: string; role?: StaffRole; pin?: string }): Promise<StaffMember> {
    return this.change(async (people) => {
      const old = this.mustFind(people, id);
      if (input.pin !== undefined) checkPinShape(input.pin);
      const name = input.name === undefined ? old.name : cleanName(input.name);
      checkNameFree(people, name, id);
      const next: StoredPerson = {
        ...old, name, role: input.role ?? old.role,
        ...(input.pin !== undefined ? { pin: await hashPin(input.pin, this.cost), lockout: initialLockout() } : {}),
      };
      const after = people.map((p) => (p.id === id ? next : p));
      checkKeepsManager(after);
      return { people: after, changed: next };
    });
  }

  setActive(id: string, active: boolean): Promise<StaffMember> {
    return this.change(async (people) => {
      const old = this.mustFind(people, id);
      if (active) checkNameFree(people, old.name, id);
      const next = { ...old, active };
      const after = people.map((p) => (p.id === id ? next : p));
      checkKeepsManager(after);
      return { people: after, changed: next };
    });
  }

  setIdleMinutes(minutes: number): Promise<void> {
    if (!Number.isInteger(minutes) || minutes < IDLE_MINUTES_MIN || minutes > IDLE_MINUTES_MAX) {
      return Promise.reject(new RangeError(`Idle minutes must be a whole number from ${IDLE_MINUTES_MIN} to ${IDLE_MINUTES_MAX}.`));
    }
    return this.queue.run(() => this.commit(async () => ({ ...this.doc, idleMinutes: minutes })));
  }

  /** The person's PIN, against their own lock-out; a deactivated person is refused before any PIN is checked. */
  verify(id: string, pin: string): Promise<{ check: SignInCheck; who: StaffMember | null }> {
    return this.queue.run(async () => {
      // Store mode: a PIN changed, a person deactivated or locked out on another register counts here too.
      await this.fromStore();
      const person = this.doc.people.find((p) => p.id === id);
      if (!person) return { check: { result: 'refused', why: 'unknown_person' } as const, who: null };
      if (!person.active) return { check: { result: 'refused', why: 'inactive' } as const, who: member(person) };
      const { check, lockout } = await checkPin(pin, person.pin, person.lockout, this.clock.now());
      if (lockout !== person.lockout) {
        // Counted in memory first: a failing disk must not grant unlimited guesses.
        this.doc = { ...this.doc, people: this.doc.people.map((p) => (p.id === id ? { ...p, lockout } : p)) };
        await this.save(this.doc);
        await this.shared()?.pushLockout(id, lockout).catch(() => (this.storeMissed = true));
      }
      return { check, who: member(person) };
    });
  }

  private change(fn: (people: StoredPerson[]) => Promise<{ people: StoredPerson[]; changed: StoredPerson }>): Promise<StaffMember> {
    return this.queue.run(async () => {
      let changed: StoredPerson | null = null;
      await this.commit(async () => {
        const next = await fn(this.doc.people);
        changed = next.changed;
        return { ...this.doc, people: next.people };
      });
      return member(changed as unknown as StoredPerson);
    });
  }

  /** Must run in the queue. Store mode: built on the store's list and written there first, or refused while it is down. */
  private async commit(build: () => Promise<StaffDoc>): Promise<void> {
    this.assertUsable();
    const shared = this.shared();
    if (shared) {
      if (!shared.up()) throw new StaffRefusal('store_down', 'The store cannot be reached: the staff list is changed only while it answers.');
      await this.fromStore();
      if (this.storeMissed) throw new StaffRefusal('store_down', 'The store did not answer: nothing was changed.');
    }
    const base = this.doc;
    const next = await build();
    // Built on the store's list as read just now: another register's change since then is refused, never overwritten.
    const saved = shared ? await shared.push(next, base).catch(() => {
      this.storeMissed = true;
      throw new StaffRefusal('store_down', 'The store did not answer: nothing was changed.');
    }) : true;
    if (!saved) throw new StaffRefusal('changed_elsewhere', 'Someone changed the staff list on another register: look again. Nothing was changed.');
    await this.save(next);
  }

  /** Must run in the queue. The store wins; the first register to join offers its own list. */
  private async fromStore(): Promise<void> {
    const shared = this.shared();
    if (!shared?.up()) return;
    try {
      const raw = await shared.pull();
      this.storeMissed = false;
      if (raw === null) {
        if (this.doc.people.length > 0 && !this.problem) await shared.push(this.doc);
        return;
      }
      // Read from the store like a file from disk: a list this code cannot use is not taken in.
      if (staffDocProblem(JSON.stringify(raw)) === null) await this.save(raw as StaffDoc);
      else this.storeMissed = true;
    } catch {
      this.storeMissed = true;
    }
  }

  private mustFind(people: StoredPerson[], id: string): StoredPerson {
    const p = people.find((x) => x.id === id);
    if (!p) throw new StaffRefusal('unknown_person', 'This person is not on the staff list (any more).');
    return p;
  }

  private assertUsable(): void {
    if (this.problem) throw new StaffRefusal('list_unreadable', 'The staff list could not be read: restore it before changing it.');
  }

  private async save(next: StaffDoc): Promise<void> {
    await writeFileAtomic(this.path, JSON.stringify(next, null, 2) + '\n', { mode: 0o600 });
    this.doc = next;
  }
}
