/**
 * What this register still owes the store about its leases: releases that failed and requests
 * it gave up on (which may have been written after all). Each is retried as soon as the store
 * answers, and until then the top bar says a lease or a release is waiting on the store, so a
 * terminal shown busy elsewhere is either held by a live sale here or about to be freed.
 */
import type { Logger } from '../log.js';
import type { TerminalLeases } from './leases.js';

/** How often owed work is tried again while the store does not answer. */
export const KEEPER_RETRY_MS = 1_000;

export type LeaseWaiting = 'lease' | 'release' | null;

interface Owed {
  kind: 'release' | 'cancel';
  terminalId: string;
  /** The attempt for a release, the request's token for a cancel. */
  key: string;
}

export interface LeaseKeeperOptions {
  leases: () => TerminalLeases | null;
  logger?: Logger;
  retryMs?: number;
  /** Whether something is waiting on the store changed: the top bar shows it. */
  onChange?: () => void;
  /** The store answered owed work: the link is up, whatever the last lease request found. */
  onAnswered?: () => void;
}

export class LeaseKeeper {
  private readonly owed = new Map<string, Owed>();
  /** Given-up requests whose own answer has not come yet: undone only once it has (or never will). */
  private unsettled = 0;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(private readonly opts: LeaseKeeperOptions) {}

  /** Frees this attempt's terminal now, or as soon as the store answers. */
  release(terminalId: string, attemptId: string): void {
    this.owe({ kind: 'release', terminalId, key: attemptId });
  }

  /**
   * A lease request this register gave up on: once its own answer came (or failed), any row it
   * wrote is deleted by its token. Undoing it earlier could run before a late write.
   */
  gaveUp(terminalId: string, token: string, answered: Promise<unknown>): void {
    this.unsettled++;
    this.changed();
    void answered.catch(() => undefined).then(() => {
      this.unsettled--;
      this.owe({ kind: 'cancel', terminalId, key: token });
    });
  }

  waiting(): LeaseWaiting {
    if (this.unsettled > 0) return 'lease';
    let release = false;
    for (const o of this.owed.values()) {
      if (o.kind === 'cancel') return 'lease';
      release = true;
    }
    return release ? 'release' : null;
  }

  /** The store answered something: try what is owed now rather than at the next retry. */
  kick(): void {
    if (this.owed.size > 0) void this.drain();
  }

  /** Resolves once everything owed is done or a try failed (tests, shutdown). */
  async settle(): Promise<void> {
    await this.drain();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  private owe(o: Owed): void {
    this.owed.set(`${o.kind}:${o.terminalId}:${o.key}`, o);
    this.changed();
    void this.drain();
  }

  private drain(): Promise<void> {
    this.running ??= this.pass().finally(() => { this.running = null; });
    return this.running;
  }

  private async pass(): Promise<void> {
    const before = this.waiting();
    for (const [id, o] of [...this.owed]) {
      const leases = this.opts.leases();
      if (!leases || this.stopped) break;
      try {
        if (o.kind === 'release') await leases.release(o.terminalId, o.key);
        else if (await leases.cancel(o.terminalId, o.key)) this.opts.logger?.warn('a lease request given up on had been written; undone', { terminalId: o.terminalId });
        this.owed.delete(id);
        this.opts.onAnswered?.();
      } catch (e) {
        this.opts.logger?.warn(`terminal lease ${o.kind} waits on the store`, { terminalId: o.terminalId, error: e instanceof Error ? e.message : String(e) });
        break;
      }
    }
    if (this.waiting() !== before) this.changed();
    if (this.owed.size > 0 && !this.stopped && !this.timer) {
      this.timer = setTimeout(() => { this.timer = null; void this.drain(); }, this.opts.retryMs ?? KEEPER_RETRY_MS);
      this.timer.unref();
    }
  }

  private changed(): void {
    this.opts.onChange?.();
  }
}
