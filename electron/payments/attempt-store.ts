/**
 * The in-memory attempts, changed only through commit(): the change is checked
 * against the transition table, journaled and fsync'd, and only then becomes
 * the current state and is announced. Changes are serialized (exclusive) so a
 * poll result, a deadline and a cashier command never act on a stale copy.
 */
import { isDeepStrictEqual } from 'node:util';
import type { Attempt } from '../../shared/domain/attempt.js';
import { holdsRegister } from '../../shared/domain/attempt-commands.js';
import type { Clock } from '../../shared/clock.js';
import { canTransition, IllegalTransitionError, IMMUTABLE_FIELDS } from './attempt-states.js';
import type { CommittedRecord } from './engine-ports.js';
import type { Journal, WhileSyncing } from './journal.js';
import type { JournalEntry } from './journal-records.js';
import type { RecordBy } from './journal-envelope.js';

/** The `by` of a record taking in attempts from the store's copy after the journal lost them. */
export const ADOPTED_BY = 'store';

export type ChangeListener = (prev: Attempt | undefined, next: Attempt) => void;
/** A record is on disk (fsync'd); it carries its sequence number. */
export type RecordListener = (record: CommittedRecord) => void;

export class AttemptStore {
  private lock: Promise<unknown> = Promise.resolve();
  /** Runs of exclusive() started and not yet settled. */
  private running = 0;
  private closed = false;
  /** The attempts holding the register (holdsRegister), kept with every change: a charge asks, a busy day holds a thousand attempts. */
  private readonly holders = new Map<string, Attempt>();

  constructor(
    private readonly journal: Journal,
    private readonly attempts: Map<string, Attempt>,
    private readonly clock: Clock,
    /** Must the attempt follow into a new day's file? */
    private readonly carried: (a: Attempt) => boolean,
    private readonly onChange: ChangeListener,
    private readonly onRecord: RecordListener = () => undefined,
    /** Who the attempt records name in `by`: the person signed in, or '' when nobody is. */
    private readonly who: () => RecordBy = () => '',
  ) {
    for (const a of attempts.values()) this.index(a);
  }

  get(id: string): Attempt | undefined {
    return this.attempts.get(id);
  }

  all(): Attempt[] {
    return [...this.attempts.values()];
  }

  /** The attempts without copying them: for a single pass that changes nothing. */
  values(): IterableIterator<Attempt> {
    return this.attempts.values();
  }

  /** The attempts that hold the register (usually none or one), without a pass over the day. */
  holdingRegister(): IterableIterator<Attempt> {
    return this.holders.values();
  }

  /**
   * Runs fn alone: no other change starts before it ends. Never call it from inside fn. `startNow`
   * (the Charge the cashier waits for): with none running or queued, fn starts in this very turn
   * and reaches its fsync without a wait. Every other change starts a turn later, as it always did:
   * a timer's change must see the clock its whole advance left, not the instant the timer fired.
   */
  exclusive<T>(fn: () => Promise<T> | T, startNow = false): Promise<T> {
    const start = async (): Promise<T> => fn();
    const run = this.running++ === 0 && startNow ? start() : this.lock.then(start);
    const done = (): void => {
      this.running--;
    };
    this.lock = run.then(done, done);
    return run;
  }

  /** Applies fn to the current attempt (null = no change) and commits the result; resolves the attempt as it now stands. */
  /** `by`: who the record names when not the person at the counter (a manager's answer; the attempt's own cashier for the bank's). */
  update(id: string, fn: (current: Attempt) => Attempt | null, by?: RecordBy | ((current: Attempt) => RecordBy)): Promise<Attempt | undefined> {
    return this.exclusive(async () => {
      const current = this.attempts.get(id);
      // After close a late network answer is dropped: the journal keeps the last state and restore resumes from it.
      if (!current || this.closed) return current;
      const next = fn(current);
      if (next === null) return current;
      await this.commit([next], undefined, typeof by === 'function' ? by(current) : by);
      return next;
    });
  }

  /**
   * Must run inside exclusive(). Journals `next` as ONE record (so a retry's new
   * attempt and the old one's retriedBy land together or not at all), then
   * makes it current. `whileSyncing` (see Journal.append) is where a new attempt's request
   * is prepared, to leave the moment the fsync succeeds; the listeners then wait until it is
   * on the wire.
   */
  async commit(next: Attempt[], whileSyncing?: WhileSyncing, by: RecordBy = this.who()): Promise<void> {
    if (this.closed) throw new Error('the payment engine is closed');
    const prevs = next.map((a) => this.check(a));
    const kind = prevs.some((p) => p === undefined) ? 'create' : 'update';
    let carried: Attempt[] = [];
    const { rolled, records, whileSyncingError } = await this.journal.append(kind, this.clock.now(), next, () => (carried = this.openSet()), whileSyncing, by);
    for (const a of next) {
      this.attempts.set(a.id, a);
      this.index(a);
    }
    if (rolled) this.keepOnly(new Set([...carried, ...next].map((a) => a.id)));
    if (whileSyncing) {
      // The check phase: undici writes a request on a reused connection from a setImmediate queued when the
      // fsync released it, so it is on the wire before logging and every window's update take the thread.
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    for (const r of records) this.onRecord({ ...r, seq: r.seq ?? 0 });
    next.forEach((a, i) => this.onChange(prevs[i], a));
    // The record counts (it is on disk and current): its caller still hears what went wrong beside it.
    if (whileSyncingError !== undefined) throw whileSyncingError;
  }

  /**
   * Journals a record of any other kind (a closing, a notice) in the register's one sequence and
   * chain, in turn with the attempts' changes; resolves what it reads back as once fsync'd.
   */
  record(kind: string, body: unknown, by: RecordBy): Promise<JournalEntry> {
    return this.exclusive(async () => {
      if (this.closed) throw new Error('the payment engine is closed');
      let carried: Attempt[] = [];
      const { rolled, records, entry } = await this.journal.appendRecord(kind, body, by, this.clock.now(), () => (carried = this.openSet()));
      if (rolled) this.keepOnly(new Set(carried.map((a) => a.id)));
      for (const r of records) this.onRecord({ ...r, seq: r.seq ?? 0 });
      return entry;
    });
  }

  /**
   * Takes in attempts this journal lost (its newest file went) from another copy of this register's
   * records, the store's: journaled as one `create` record whose `by` names where they came from
   * (ADOPTED_BY), so a restart restores them like any other; attempts the journal holds are left alone.
   */
  adopt(found: Attempt[]): Promise<Attempt[]> {
    return this.exclusive(async () => {
      if (this.closed) throw new Error('the payment engine is closed');
      const fresh = found.filter((a) => !this.attempts.has(a.id));
      if (fresh.length === 0) return [];
      let carried: Attempt[] = [];
      const { rolled, records } = await this.journal.append('create', this.clock.now(), fresh, () => (carried = this.openSet()), undefined, ADOPTED_BY);
      for (const a of fresh) {
        this.attempts.set(a.id, a);
        this.index(a);
      }
      if (rolled) this.keepOnly(new Set([...carried, ...fresh].map((a) => a.id)));
      for (const r of records) this.onRecord({ ...r, seq: r.seq ?? 0 });
      for (const a of fresh) this.onChange(undefined, a);
      return fresh;
    });
  }

  /** Stops further commits; waits for the one in progress. */
  async close(): Promise<void> {
    this.closed = true;
    await this.lock;
  }

  /** Refuses what the engine must never write; returns the attempt as it was (undefined = creation). */
  private check(a: Attempt): Attempt | undefined {
    const prev = this.attempts.get(a.id);
    if (!prev) {
      if (a.state !== 'sending') throw new Error(`attempt ${a.id} must be created in state sending, not ${a.state}`);
      return undefined;
    }
    for (const field of IMMUTABLE_FIELDS) {
      if (prev[field] !== a[field] && !isDeepStrictEqual(prev[field], a[field])) throw new Error(`attempt ${a.id}: ${field} never changes after creation`);
    }
    if (prev.state !== a.state && !canTransition(prev.state, a.state)) throw new IllegalTransitionError(prev.state, a.state, a.id);
    return prev;
  }

  /** What a new day's file must start with: open attempts and the other attempts of their sales. */
  private openSet(): Attempt[] {
    const all = this.all();
    const sales = new Set(all.filter(this.carried).map((a) => a.saleId));
    return all.filter((a) => sales.has(a.saleId));
  }

  /** After a day roll, memory holds what a restart would read: the new file's attempts. */
  private keepOnly(ids: Set<string>): void {
    for (const id of this.attempts.keys()) {
      if (ids.has(id)) continue;
      this.attempts.delete(id);
      this.holders.delete(id);
    }
  }

  private index(a: Attempt): void {
    if (holdsRegister(a)) this.holders.set(a.id, a);
    else this.holders.delete(a.id);
  }
}
