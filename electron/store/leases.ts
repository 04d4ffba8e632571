/**
 * Terminal leases: one row per terminal saying which register's attempt may push to it, until
 * when. Taken in one transaction before an attempt is journaled for sending, so two registers
 * can never both send to one terminal. Expiry is in the registers' clock (epoch ms), the
 * attempt's deadline plus a margin that also absorbs clock skew between registers.
 */
import type { Attempt } from '../../shared/domain/attempt.js';
import { mayReleaseLease, wallAge } from '../../shared/domain/attempt-rules.js';
import type { Clock } from '../../shared/clock.js';
import type { Currency } from '../../shared/money.js';
import type { StoreConnection } from './connection.js';

export const LEASE_MARGIN_MS = 30_000;

export interface LeaseHolder {
  terminalId: string;
  registerId: string;
  registerName: string;
  attemptId: string;
  amountMinor: number;
  currency: Currency;
  expiresAtMs: number;
}

export type LeaseResult = { ok: true } | { ok: false; holder: LeaseHolder };

/** What a lease is taken for: one attempt on one terminal until its deadline. */
export interface LeaseRequest {
  attemptId: string;
  terminalId: string;
  amountMinor: number;
  currency: Currency;
  deadlineAt: number;
}

interface LeaseRow {
  terminal_id: string;
  register_id: string;
  register_name: string;
  attempt_id: string;
  amount_minor: string;
  currency: string;
  expires_at_ms: string;
}

export class TerminalLeases {
  constructor(private readonly conn: StoreConnection, private readonly clock: Clock, private readonly marginMs = LEASE_MARGIN_MS) {}

  /**
   * Takes (or re-asserts, for the same attempt) the attempt's terminal: ONE statement, so one
   * round trip and its own transaction. A lease held by another attempt that has not expired
   * wins, and the statement reads it back. Read back empty only when the holder committed after
   * this statement's snapshot (it did win): asked again, it is then visible.
   *
   * The commit is durable (synchronous_commit as the server has it), on purpose. Its cost is one
   * WAL flush, which is the whole of what the lease adds on a quiet disk (bench:store prints both);
   * `synchronous_commit = off` would save that flush but lets a PostgreSQL crash forget leases
   * committed in its last few hundred milliseconds, and a register re-asserts its leases only when
   * it (re)opens its store connection, not when the shipper's link comes back: another register
   * could then take a terminal that a live attempt is still pushing to. Safe only with a re-assert
   * on every reconnect plus a grace period after a server restart; not worth a flush.
   */
  async acquire(a: LeaseRequest): Promise<LeaseResult> {
    const { registerId, registerName } = this.conn.identity;
    for (let tries = 0; tries < 3; tries++) {
      const res = await this.conn.withClient((c) => c.query<LeaseRow & { won: boolean }>({
        name: 'counterpay-lease-acquire',
        text: `WITH taken AS (
           INSERT INTO terminal_leases AS l (terminal_id, register_id, register_name, attempt_id, amount_minor, currency, expires_at_ms)
           VALUES ($1, $2, $3, $4, $5, $6, $7)
           ON CONFLICT (terminal_id) DO UPDATE SET register_id = EXCLUDED.register_id, register_name = EXCLUDED.register_name,
             attempt_id = EXCLUDED.attempt_id, amount_minor = EXCLUDED.amount_minor, currency = EXCLUDED.currency,
             expires_at_ms = EXCLUDED.expires_at_ms, taken_at = now()
           WHERE l.expires_at_ms <= $8 OR l.attempt_id = EXCLUDED.attempt_id
           RETURNING l.terminal_id)
         SELECT true AS won, NULL::text AS terminal_id, NULL::text AS register_id, NULL::text AS register_name, NULL::text AS attempt_id,
                NULL::bigint AS amount_minor, NULL::text AS currency, NULL::bigint AS expires_at_ms FROM taken
         UNION ALL
         SELECT false, h.terminal_id, h.register_id, h.register_name, h.attempt_id, h.amount_minor, h.currency, h.expires_at_ms
         FROM terminal_leases h WHERE h.terminal_id = $1 AND NOT EXISTS (SELECT 1 FROM taken)`,
        values: [a.terminalId, registerId, registerName, a.attemptId, a.amountMinor, a.currency, a.deadlineAt + this.marginMs, this.clock.now()],
      }));
      const row = res.rows[0];
      if (row?.won) return { ok: true };
      if (row) return { ok: false, holder: toHolder(row) };
    }
    throw new Error(`lease of ${a.terminalId} neither taken nor readable`);
  }

  /** Frees the terminal if this attempt still holds it (a later holder is never touched). */
  async release(terminalId: string, attemptId: string): Promise<boolean> {
    const res = await this.conn.withClient((c) =>
      c.query('DELETE FROM terminal_leases WHERE terminal_id = $1 AND attempt_id = $2', [terminalId, attemptId]));
    return res.rowCount === 1;
  }

  async holder(terminalId: string): Promise<LeaseHolder | null> {
    const res = await this.conn.withClient((c) => c.query<LeaseRow>('SELECT * FROM terminal_leases WHERE terminal_id = $1', [terminalId]));
    const row = res.rows[0];
    return row ? toHolder(row) : null;
  }
}

/** A row read back from the database is input like any other: a damaged one is refused, never shown. */
function toHolder(row: LeaseRow): LeaseHolder {
  const amountMinor = Number(row.amount_minor);
  const expiresAtMs = Number(row.expires_at_ms);
  if (!Number.isSafeInteger(amountMinor) || amountMinor < 0 || !Number.isSafeInteger(expiresAtMs) || row.currency !== 'EUR' ||
    typeof row.register_name !== 'string' || row.register_name.length > 200) {
    throw new Error(`unreadable lease row for terminal ${row.terminal_id}`);
  }
  return {
    terminalId: row.terminal_id,
    registerId: row.register_id,
    registerName: row.register_name,
    attemptId: row.attempt_id,
    amountMinor,
    currency: row.currency,
    expiresAtMs,
  };
}

export const leaseOf = (a: Attempt): LeaseRequest =>
  ({ attemptId: a.id, terminalId: a.terminalId, amountMinor: a.amountMinor, currency: a.currency, deadlineAt: a.deadlineAt });

/** The attempt no longer needs its terminal (mayReleaseLease), its age read from the wall clock `now`. */
export const leaseReleasable = (a: Attempt, now: number): boolean => mayReleaseLease(a, wallAge(a, now));
