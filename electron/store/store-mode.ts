/**
 * A register in store mode: the link to the store (connected in the background, retried while
 * the server cannot be reached, given up with a specific problem when retrying cannot help),
 * the lease gate handed to the engine, the lease keeper (release when an attempt no longer
 * needs its terminal, re-assert after a restart) and the outbox shipper. The counter never
 * waits on any of it except the gate, which is bounded.
 */
import { join } from 'node:path';
import type { Attempt } from '../../shared/domain/attempt.js';
import type { DayRange } from '../../shared/domain/day-report.js';
import type { StoreLinkView } from '../../shared/ipc/types.js';
import { StoreConnection } from './connection.js';
import { JournalFeed } from './journal-feed.js';
import { LeaseKeeper } from './lease-keeper.js';
import { leaseOf, leaseReleasable, TerminalLeases, type OtherHolder } from './leases.js';
import { OutboxShipper } from './outbox-shipper.js';
import type { CommittedRecord } from './ports.js';
import { LeaseGate } from './store-gate.js';
import { ClosingsCourier } from './store-closings.js';
import { StoreClock } from './store-clock.js';
import { readWholeStoreDay, type WholeStoreDay } from './store-day-snapshot.js';
import { lastShippedSeq, openInStore } from './store-history.js';
import { storeLinkView, type StoreLinkState } from './store-link-view.js';
import type { StoreModeOptions } from './store-mode-options.js';
import { classifyStoreError, StoreProblem, type StoreProblemCode } from './store-problem.js';
import { keepPasswordOutOfLogs } from './store-url.js';

const TRANSIENT: readonly StoreProblemCode[] = ['unreachable', 'link_down'];

export class StoreMode {
  readonly gate: LeaseGate;
  private conn: StoreConnection | null = null;
  private leases: TerminalLeases | null = null;
  private shipper: OutboxShipper | null = null;
  private state: StoreLinkState = { state: 'connecting' };
  private closed = false;
  private timer: NodeJS.Timeout | null = null;
  private connecting: Promise<void> | null = null;
  /** The last lease request found the store unreachable (shipping may not have noticed yet). */
  private gateDown = false;
  private readonly closings: ClosingsCourier;
  private readonly keeper: LeaseKeeper;
  private readonly storeClock: StoreClock;

  /** The name this register goes by in the store (shown on every screen, stamped on its records). */
  get registerName(): string {
    return this.opts.registerName;
  }

  private constructor(private readonly opts: StoreModeOptions) {
    this.closings = new ClosingsCourier({
      link: () => this.conn, registerId: opts.registerId, journalDir: join(opts.dataDir, 'journal'), retryMs: opts.reconnectMs ?? 5_000,
      ...(opts.logger ? { logger: opts.logger } : {}),
    });
    this.storeClock = new StoreClock(opts.clock);
    this.keeper = new LeaseKeeper({
      leases: () => this.leases, retryMs: opts.keeperRetryMs,
      ...(opts.logger ? { logger: opts.logger } : {}),
      onChange: () => this.opts.onChange?.(this.status()),
      onAnswered: () => this.setGateDown(false),
    });
    this.gate = new LeaseGate({
      clock: opts.clock,
      leases: () => this.leases,
      notAfterStore: (inMs) => this.storeClock.storeTimeIn(inMs),
      onGaveUp: (terminalId, token, answered) => this.keeper.gaveUp(terminalId, token, answered),
      ...(opts.logger ? { logger: opts.logger } : {}),
      ...(opts.terminalName ? { terminalName: opts.terminalName } : {}),
      onLink: (up) => {
        if (up) this.keeper.kick();
        this.setGateDown(!up);
      },
    });
  }

  private setGateDown(down: boolean): void {
    if (this.gateDown === down) return;
    this.gateDown = down;
    this.opts.onChange?.(this.status());
  }

  /** Returns at once; the first connection runs in the background (see ready()). */
  static start(opts: StoreModeOptions): StoreMode {
    keepPasswordOutOfLogs(opts.url, opts.logger);
    const mode = new StoreMode(opts);
    mode.connecting = mode.connect();
    return mode;
  }

  /** Resolves after the current connection attempt, whatever its outcome. */
  async ready(): Promise<StoreLinkState> {
    await this.connecting;
    return this.status();
  }

  /** What the top bar, the counter and Settings show. */
  view(): StoreLinkView {
    const base = { registerName: this.opts.registerName, waiting: this.keeper.waiting(), clockAheadSeconds: this.storeClock.skewSeconds() };
    return storeLinkView(this.status(), this.gateDown, base);
  }

  /** The store's connection while it answers; null while connecting, down or refused (readers fall back at once). */
  liveConnection(): StoreConnection | null {
    return this.view().status === 'connected' ? this.conn : null;
  }

  /** The terminals other registers hold now; null while the store is not connected or did not answer (the picker then says nothing). */
  async othersHolding(): Promise<OtherHolder[] | null> {
    const leases = this.liveConnection() ? this.leases : null;
    if (!leases) return null;
    return leases.othersHolding().catch((e: unknown) => {
      this.opts.logger?.info('terminal leases not read for the picker', { error: String(e) });
      return null;
    });
  }

  status(): StoreLinkState {
    if (this.state.state === 'connected' && this.shipper) return { state: 'connected', shipping: this.shipper.current() };
    return this.state;
  }

  /** The engine's committed-record port: ship it, and free the terminal of an attempt that no longer needs it. */
  readonly onCommitted = (record: CommittedRecord): void => {
    this.shipper?.kick();
    if (!this.leases) return;
    const now = this.opts.clock.now();
    // A release the store does not take now is retried as soon as it answers (the top bar says it waits).
    for (const a of record.attempts) if (leaseReleasable(a, now)) this.keeper.release(a.terminalId, a.id);
  };

  /** The whole store's days and every register's closings of them; a StoreProblem while the store cannot be read. */
  async readDay(range: DayRange): Promise<WholeStoreDay> {
    const conn = this.conn;
    if (!conn) throw new StoreProblem(this.state.state === 'problem' ? this.state.code : 'link_down', 'store not connected');
    return readWholeStoreDay(conn, range);
  }

  /** This register's sales the store holds open (a journal that lost its newest file takes them in again). */
  async openInStore(): Promise<Attempt[]> {
    const conn = this.liveConnection();
    return conn ? openInStore(conn, this.opts.registerId) : [];
  }

  /** Sales taken in from the store after a lost journal file take their terminals back, as after a restart. */
  reassertLeases(): Promise<void> {
    return this.reassert();
  }

  /** A day was closed or corrected here: ship it now (or, with the store down, as soon as it is back). */
  readonly closingsChanged = (): void => {
    this.closings.kick();
    // The chain too: a closing and the signature after it are not attempt records, so nothing else would ship them before the next sale,
    // and the whole store's Z prints that signed head.
    this.shipper?.kick();
  };

  /** Ships every local closing the store lacks (resolves when done; never throws). */
  shipClosings(): Promise<void> {
    return this.closings.ship();
  }

  /** Everything committed so far is in the store (tests, shutdown). */
  async flush(timeoutMs?: number): Promise<void> {
    if (!this.shipper) throw new Error('store not connected');
    await this.shipper.flush(timeoutMs);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.storeClock.stop();
    await this.connecting;
    await this.keeper.stop();
    await this.closings.stop();
    await this.shipper?.stop();
    await this.conn?.close();
  }

  private async connect(): Promise<void> {
    const { url, registerId, registerName, logger } = this.opts;
    try {
      const conn = await StoreConnection.open({
        url, registerId, registerName, ...(logger ? { logger } : {}), ...(this.opts.machine ? { machine: this.opts.machine } : {}),
      });
      if (this.closed) return void (await conn.close());
      this.conn = conn;
      // Measured before any lease is asked for: a request's store-time limit needs the offset.
      await this.storeClock.follow(() => this.conn, () => this.opts.onChange?.(this.status()), logger);
      this.leases = new TerminalLeases(conn);
      // The data connection may drop later: the shipper retries and the gate asks for confirmation meanwhile.
      this.shipper = new OutboxShipper(conn, this.opts.feed ?? JournalFeed.forDataDir(this.opts.dataDir), {
        ...(logger ? { logger } : {}),
        onFork: () => this.opts.onChange?.(this.status()),
        onLinkChange: (up) => {
          if (up) {
            this.gateDown = false;
            this.keeper.kick();
            this.closingsChanged();
          }
          this.opts.onChange?.(this.status());
        },
      });
      this.set({ state: 'connected', shipping: this.shipper.current() });
      await this.reassert();
      if (this.opts.onStoreSeq) this.opts.onStoreSeq(await lastShippedSeq(conn, registerId).catch(() => 0));
      this.shipper.kick();
      this.closingsChanged();
    } catch (e) {
      const problem = classifyStoreError(e, 'connect');
      const retrying = TRANSIENT.includes(problem.code) && !this.closed;
      logger?.warn('store not connected', { code: problem.code, detail: problem.detail, retrying });
      if (problem.code === 'register_copied') await this.opts.onCopied?.().catch((err: unknown) => logger?.error('a new register id was not saved', { error: String(err) }));
      this.set({ state: 'problem', code: problem.code, retrying });
      if (retrying) {
        this.timer = setTimeout(() => {
          this.timer = null;
          this.connecting = this.connect();
        }, this.opts.reconnectMs ?? 5_000);
      }
    }
  }

  /** After a restart the open attempts take their terminals back under the same attempt (and so the same key). */
  private async reassert(): Promise<void> {
    const leases = this.leases;
    if (!leases) return;
    const now = this.opts.clock.now();
    for (const a of this.opts.openAttempts()) {
      if (leaseReleasable(a, now) || a.state === 'timed_out') continue;
      const res = await leases.acquire(leaseOf(a, now));
      if (!res.ok) this.opts.logger?.warn('lease of an unfinished attempt is held by another register', { attemptId: a.id, terminalId: a.terminalId, holder: res.holder.registerName });
    }
  }

  private set(state: StoreLinkState): void {
    this.state = state;
    this.opts.onChange?.(this.status());
  }
}
