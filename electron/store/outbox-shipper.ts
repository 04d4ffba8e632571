/**
 * Ships every journal record of this register to the store: at least once, in sequence order,
 * each record kept by its identity (register, sequence, hash) with its exact text, and each
 * attempt snapshot upserted under (register, sequence, attempt), so a record shipped twice lands
 * once. Where to resume is found by identity at each connection (chain-cursor.ts): the newest
 * record the store holds with this journal's hash, never "after the store's highest number", so a
 * restarted or copied journal still ships its new records, and the other chain is named. While the store is down the loop backs off and retries;
 * the counter never waits on it.
 */
import type { Attempt } from '../../shared/domain/attempt.js';
import type { Logger } from '../log.js';
import type { StoreConnection } from './connection.js';
import type { RecordSource } from './journal-feed.js';
import type { ChainIdentity, CommittedRecord } from './ports.js';
import { resumePoint, type ChainFork } from './chain-cursor.js';

export interface ShipperOptions {
  batchSize?: number;
  /**
   * A kick waits this long before shipping, so the records of one sale go in one transaction
   * and shipping stays off the charge's critical path (its lag budget is a second).
   */
  batchWindowMs?: number;
  /** Backoff after a failed shipment: first wait, doubled up to max. */
  retryMs?: number;
  maxRetryMs?: number;
  logger?: Logger;
  /** Each shipped batch (for the bench's lag figure and tests). */
  onShipped?: (records: CommittedRecord[]) => void;
  /** The link went down or came back. */
  onLinkChange?: (up: boolean) => void;
  /** The store holds another chain under this register's id (found at connection). */
  onFork?: (fork: ChainFork) => void;
}

export interface ShipperStatus {
  /** Highest sequence known to be in the store, null before the first contact. */
  shippedSeq: number | null;
  /** The store holds records under this register's id that this journal does not: another chain (restarted, copied). */
  fork: ChainFork | null;
  linkUp: boolean;
  lastError: string | null;
}

export class OutboxShipper {
  private cursor: number | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private retryTimer: NodeJS.Timeout | null = null;
  private windowTimer: NodeJS.Timeout | null = null;
  private retryMs: number;
  private status: ShipperStatus = { shippedSeq: null, fork: null, linkUp: true, lastError: null };

  constructor(private readonly conn: StoreConnection, private readonly source: RecordSource, private readonly opts: ShipperOptions = {}) {
    this.retryMs = opts.retryMs ?? 500;
  }

  /** A record was committed (or the link may be back): ship what is new. Never throws, never blocks the caller. */
  kick(): void {
    if (this.stopped || this.windowTimer) return;
    const window = this.opts.batchWindowMs ?? 25;
    if (window > 0) {
      this.windowTimer = setTimeout(() => {
        this.windowTimer = null;
        this.shipNow();
      }, window);
    } else this.shipNow();
  }

  private shipNow(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.loop().finally(() => {
      this.running = null;
      if (this.again && !this.stopped) {
        this.again = false;
        this.shipNow();
      }
    });
  }

  current(): ShipperStatus {
    return { ...this.status };
  }

  /** Resolves once everything committed so far is in the store (tests, shutdown); rejects if the store stays down. */
  async flush(timeoutMs = 10_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      this.shipNow();
      await this.running;
      const pending = await this.source.since(this.cursor ?? -1, 1);
      if (pending.length === 0 && this.cursor !== null) return;
      if (Date.now() > until) throw new Error(`outbox not flushed: ${this.status.lastError ?? 'records pending'}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.windowTimer) clearTimeout(this.windowTimer);
    await this.running;
  }

  private async loop(): Promise<void> {
    const batchSize = this.opts.batchSize ?? 200;
    try {
      this.cursor ??= await this.storedCursor();
      for (;;) {
        const batch = await this.source.since(this.cursor, batchSize);
        if (batch.length === 0) break;
        await this.ship(batch);
        this.cursor = batch[batch.length - 1]?.seq ?? this.cursor;
        const wasDown = !this.status.linkUp;
        this.status = { ...this.status, shippedSeq: this.cursor, linkUp: true, lastError: null };
        if (wasDown) this.opts.onLinkChange?.(true);
        this.retryMs = this.opts.retryMs ?? 500;
        this.opts.onShipped?.(batch);
        if (this.stopped) return;
      }
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      if (this.status.linkUp) this.opts.logger?.warn('store shipping paused; retrying', { error: message });
      // Where to resume is found again at the next connection: the journal may have changed meanwhile.
      this.cursor = null;
      const wasUp = this.status.linkUp;
      this.status = { ...this.status, linkUp: false, lastError: message };
      if (wasUp) this.opts.onLinkChange?.(false);
      if (!this.stopped && !this.retryTimer) {
        this.retryTimer = setTimeout(() => {
          this.retryTimer = null;
          this.shipNow();
        }, this.retryMs);
        this.retryMs = Math.min(this.retryMs * 2, this.opts.maxRetryMs ?? 5_000);
      }
    }
  }

  private async storedCursor(): Promise<number> {
    const point = await this.conn.withClient((c) => resumePoint(c, this.conn.identity.registerId, this.source));
    if (point.fork && !this.status.fork) {
      this.opts.logger?.warn('another journal holds this register id in the store', { from: point.fork.from, to: point.fork.to });
    }
    this.status = { ...this.status, fork: point.fork };
    if (point.fork) this.opts.onFork?.(point.fork);
    return point.after;
  }

  /**
   * One statement per batch, so one round trip and one commit (no BEGIN/COMMIT trips): the
   * records and each attempt's newest snapshot, as two data-modifying parts of one statement,
   * which land together or not at all. Prepared once per connection.
   */
  private async ship(batch: CommittedRecord[]): Promise<void> {
    const registerId = this.conn.identity.registerId;
    const rows = batch.flatMap((r) => r.attempts.map((a) => ({ r, a, json: JSON.stringify(a) })));
    const latest = newestSnapshots(rows);
    const chained = batch.filter((r): r is CommittedRecord & { chain: ChainIdentity } => r.chain !== undefined);
    await this.conn.withClient((c) => c.query({
      name: 'counterpay-outbox-ship',
      // Committed without waiting for the store's disk (set_config local to this statement's own transaction):
      // a shipment the store loses in a crash is shipped again, since where to resume is found by identity at
      // each connection, and the leases' durable commits no longer queue behind shipping's. An attempt's row
      // follows only the register that holds it: a copied folder turned new register ships the copied records too.
      text: `WITH async AS (SELECT set_config('synchronous_commit', 'off', true)),
         chain AS (
           INSERT INTO chain_records (register_id, seq, hash, prev, kind, at_ms, by_name, raw)
           SELECT $1, c.seq, c.hash, c.prev, c.kind, c.at_ms, c.by_name, c.raw
           FROM unnest($16::bigint[], $17::text[], $18::text[], $19::text[], $20::bigint[], $21::text[], $22::text[])
             AS c (seq, hash, prev, kind, at_ms, by_name, raw) CROSS JOIN async
           ON CONFLICT (register_id, seq, hash) DO NOTHING),
         records AS (
           INSERT INTO journal_records (register_id, seq, attempt_id, kind, at_ms, snapshot)
           SELECT $1, r.* FROM unnest($2::bigint[], $3::text[], $4::text[], $5::bigint[], $6::jsonb[]) AS r CROSS JOIN async
           ON CONFLICT (register_id, seq, attempt_id) DO NOTHING)
         INSERT INTO attempts (attempt_id, register_id, seq, terminal_id, state, amount_minor, authorized_amount_minor, currency, created_at_ms, snapshot)
         SELECT a.id, $1, a.seq, a.terminal_id, a.state, a.amount_minor, a.authorized_amount_minor, a.currency, a.created_at_ms, a.snapshot
         FROM unnest($7::text[], $8::bigint[], $9::text[], $10::text[], $11::bigint[], $12::bigint[], $13::text[], $14::bigint[], $15::jsonb[])
           AS a (id, seq, terminal_id, state, amount_minor, authorized_amount_minor, currency, created_at_ms, snapshot) CROSS JOIN async
         ON CONFLICT (attempt_id) DO UPDATE SET seq = EXCLUDED.seq, state = EXCLUDED.state,
           authorized_amount_minor = EXCLUDED.authorized_amount_minor, snapshot = EXCLUDED.snapshot
         WHERE attempts.seq < EXCLUDED.seq AND attempts.register_id = EXCLUDED.register_id`,
      values: [
        registerId, rows.map((x) => x.r.seq), rows.map((x) => x.a.id), rows.map((x) => x.r.kind), rows.map((x) => x.r.at), rows.map((x) => x.json),
        latest.map(({ a }) => a.id), latest.map(({ seq }) => seq), latest.map(({ a }) => a.terminalId), latest.map(({ a }) => a.state),
        latest.map(({ a }) => a.amountMinor), latest.map(({ a }) => a.authorizedAmountMinor), latest.map(({ a }) => a.currency),
        latest.map(({ a }) => a.createdAt), latest.map(({ json }) => json),
        chained.map((r) => r.seq), chained.map((r) => r.chain.hash), chained.map((r) => r.chain.prev), chained.map((r) => r.kind),
        chained.map((r) => r.at), chained.map((r) => r.chain.by), chained.map((r) => r.chain.raw),
      ],
    }));
  }
}

/** Within one batch only the last snapshot of each attempt matters for the attempts table. */
function newestSnapshots(rows: { r: CommittedRecord; a: Attempt; json: string }[]): { seq: number; a: Attempt; json: string }[] {
  const byId = new Map<string, { seq: number; a: Attempt; json: string }>();
  for (const { r, a, json } of rows) byId.set(a.id, { seq: r.seq, a, json });
  return [...byId.values()];
}
