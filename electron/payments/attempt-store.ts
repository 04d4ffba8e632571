/**
 * The in-memory attempts, changed only through commit(): the change is checked
 * against the transition table, journaled and fsync'd, and only then becomes
 * the current state and is announced. Changes are serialized (exclusive) so a
 * poll result, a deadline and a cashier command never act on a stale copy.
 */
import { isDeepStrictEqual } from 'node:util';
import type { Attempt } from '../../shared/domain/attempt.js';
import type { Clock } from '../../shared/clock.js';
import { canTransition, IllegalTransitionError, IMMUTABLE_FIELDS } from './attempt-states.js';
import type { CommittedRecord } from './engine-ports.js';
import type { Journal } from './journal.js';

export type ChangeListener = (prev: Attempt | undefined, next: Attempt) => void;
/** A record is on disk (fsync'd); it carries its sequence number. */
export type RecordListener = (record: CommittedRecord) => void;

export class AttemptStore {
  private lock: Promise<unknown> = Promise.resolve();
  private closed = false;

  constructor(
    private readonly journal: Journal,
    private readonly attempts: Map<string, Attempt>,
    private readonly clock: Clock,
    /** Must the attempt follow into a new day's file? */
    private readonly carried: (a: Attempt) => boolean,
    private readonly onChange: ChangeListener,
    private readonly onRecord: RecordListener = () => undefined,
  ) {}

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

  /** Runs fn alone: no other change starts before it ends. Never call it from inside fn. */
  exclusive<T>(fn: () => Promise<T> | T): Promise<T> {
    const run = this.lock.then(fn);
    this.lock = run.catch(() => undefined);
    return run;
  }

  /** Applies fn to the current attempt (null = no change) and commits the result; resolves the attempt as it now stands. */
  update(id: string, fn: (current: Attempt) => Attempt | null): Promise<Attempt | undefined> {
    return this.exclusive(async () => {
      const current = this.attempts.get(id);
      // After close a late network answer is dropped: the journal keeps the last state and restore resumes from it.
      if (!current || this.closed) return current;
      const next = fn(current);
      if (next === null) return current;
      await this.commit([next]);
      return next;
    });
  }

  /**
   * Must run inside exclusive(). Journals `next` as ONE record (so a retry's new
   * attempt and the old one's retriedBy land together or not at all), then
   * makes it current. `onDisk` runs once the record is fsync'd and current, before
   * anyone is told: a new attempt's request leaves first, and logging and the
   * windows' updates happen while it is on the wire. `whileSyncing`: see Journal.append.
   */
  async commit(next: Attempt[], onDisk?: () => void, whileSyncing?: () => void): Promise<void> {
    if (this.closed) throw new Error('the payment engine is closed');
    const prevs = next.map((a) => this.check(a));
    const kind = prevs.some((p) => p === undefined) ? 'create' : 'update';
    let carried: Attempt[] = [];
    const { rolled, records } = await this.journal.append(kind, this.clock.now(), next, () => (carried = this.openSet()), whileSyncing);
    for (const a of next) this.attempts.set(a.id, a);
    if (rolled) this.keepOnly(new Set([...carried, ...next].map((a) => a.id)));
    if (onDisk) {
      onDisk();
      // One turn for what onDisk started (a push waiting for its token) before the listeners run.
      await Promise.resolve();
    }
    for (const r of records) this.onRecord({ ...r, seq: r.seq ?? 0 });
    next.forEach((a, i) => this.onChange(prevs[i], a));
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
      if (!isDeepStrictEqual(prev[field], a[field])) throw new Error(`attempt ${a.id}: ${field} never changes after creation`);
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
    for (const id of this.attempts.keys()) if (!ids.has(id)) this.attempts.delete(id);
  }
}
