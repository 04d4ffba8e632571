/**
 * Terminal leases: one row per terminal saying which register's attempt may push to it, until
 * when. Taken in one statement before an attempt is journaled for sending, so two registers
 * can never both send to one terminal. Expiry is set and compared on the store's clock, in the
 * same statement, so registers whose clocks disagree still agree on every lease and a lease
 * lasts as long for each of them. A request carries a token and a store-time limit: one the
 * register gave up on cannot take effect once the store answers again, and is undone by token.
 */
import { randomUUID } from 'node:crypto';
import { ATTEMPT_DEADLINE_MS, type Attempt } from '../../shared/domain/attempt.js';
import { mayReleaseLease, wallAge } from '../../shared/domain/attempt-rules.js';
import type { Currency } from '../../shared/money.js';
import { isRegisterName } from '../../shared/validation/register-name.js';
import { amountIssues } from '../../shared/validation/terminal-payment.js';
import type { StoreConnection } from './connection.js';

export const LEASE_MARGIN_MS = 30_000;
/** How long a fresh charge holds its terminal: the same for every register. */
export const LEASE_DURATION_MS = ATTEMPT_DEADLINE_MS + LEASE_MARGIN_MS;

export interface LeaseHolder {
  terminalId: string;
  registerId: string;
  registerName: string;
  attemptId: string;
  amountMinor: number;
  currency: Currency;
  /** Time left on the store's clock when the store answered. */
  msLeft: number;
}

/** Another register's hold on a terminal, as the picker shows it. */
export interface OtherHolder {
  terminalId: string;
  registerName: string;
  /** On the store's clock. */
  heldForMs: number;
}

export type LeaseResult = { ok: true } | { ok: false; holder: LeaseHolder };

/** What a lease is taken for: one attempt on one terminal for a while (counted by the store). */
export interface LeaseRequest {
  attemptId: string;
  terminalId: string;
  amountMinor: number;
  currency: Currency;
  durationMs: number;
}

export interface AcquireOptions {
  /** Names this request in the store, so one given up on can be undone. */
  token?: string;
  /** Store time (epoch ms) after which this request must not take effect; null: no limit. */
  notAfterStoreMs?: number | null;
}

interface LeaseRow {
  terminal_id: string;
  register_id: string;
  register_name: string;
  attempt_id: string;
  amount_minor: string;
  currency: string;
  ms_left: string;
}

export class TerminalLeases {
  constructor(private readonly conn: StoreConnection) {}

  /**
   * Takes (or re-asserts, for the same attempt) the attempt's terminal: ONE statement, so one
   * round trip and its own transaction, answering only how many rows it wrote. A lease held by
   * another attempt that has not expired on the store's clock wins; only then is it read (a
   * second round trip, on the busy path alone), with the time it has left. Read back empty only
   * when it was freed meanwhile: asked again, the terminal is then taken.
   *
   * notAfterStoreMs is compared with the store's clock when the row is written, after any wait
   * for another register's row lock: a request that reached a stalled server and was given up
   * on finds its limit passed when the server resumes, and writes nothing.
   *
   * The commit is durable (synchronous_commit as the server has it), on purpose. Its cost is one
   * WAL flush, which is the whole of what the lease adds on a quiet disk (bench:store prints both);
   * `synchronous_commit = off` would save that flush but lets a PostgreSQL crash forget leases
   * committed in its last few hundred milliseconds, and a register re-asserts its leases only when
   * it (re)opens its store connection, not when the shipper's link comes back: another register
   * could then take a terminal that a live attempt is still pushing to. Safe only with a re-assert
   * on every reconnect plus a grace period after a server restart; not worth a flush.
   */
  async acquire(a: LeaseRequest, opts: AcquireOptions = {}): Promise<LeaseResult> {
    const { registerId, registerName } = this.conn.identity;
    const token = opts.token ?? randomUUID();
    const durationMs = Math.max(0, Math.round(a.durationMs));
    const values = [a.terminalId, registerId, registerName, a.attemptId, a.amountMinor, a.currency, durationMs, token, opts.notAfterStoreMs ?? null];
    for (let tries = 0; tries < 3; tries++) {
      const res = await this.conn.withClient((c) => c.query({ name: 'counterpay-lease-acquire-v3', text: ACQUIRE, values }));
      if (res.rowCount === 1) return { ok: true };
      const holder = await this.heldBy(a.terminalId);
      if (holder) return { ok: false, holder };
    }
    throw new Error(`lease of ${a.terminalId} neither taken nor readable (or asked too late)`);
  }

  /** Frees the terminal if this attempt still holds it (a later holder is never touched). */
  async release(terminalId: string, attemptId: string): Promise<boolean> {
    const res = await this.conn.withClient((c) =>
      c.query('DELETE FROM terminal_leases WHERE terminal_id = $1 AND attempt_id = $2', [terminalId, attemptId]));
    return res.rowCount === 1;
  }

  /** Undoes one request this register gave up on, if it took effect after all (nothing else is touched). */
  async cancel(terminalId: string, token: string): Promise<boolean> {
    const res = await this.conn.withClient((c) =>
      c.query('DELETE FROM terminal_leases WHERE terminal_id = $1 AND request_token = $2', [terminalId, token]));
    return res.rowCount === 1;
  }

  /**
   * The terminals other registers hold now, for the counter's picker. How long each has been held
   * and whether it still holds are measured on the store's clock alone (its now() against the row's
   * taken_at and expires_at), so a register whose clock is off still reads the right duration.
   */
  async othersHolding(): Promise<OtherHolder[]> {
    const res = await this.conn.withClient((c) => c.query<{ terminal_id: string; register_name: string; held_ms: string }>({
      name: 'counterpay-lease-others',
      text: `SELECT terminal_id, register_name, GREATEST(0, (EXTRACT(EPOCH FROM (now() - taken_at)) * 1000))::bigint AS held_ms
             FROM terminal_leases WHERE register_id <> $1 AND expires_at > now() ORDER BY terminal_id`,
      values: [this.conn.identity.registerId],
    }));
    return res.rows.map((row) => {
      const heldForMs = Number(row.held_ms);
      if (!Number.isSafeInteger(heldForMs) || typeof row.register_name !== 'string' || row.register_name.length > 200) {
        throw new Error(`unreadable lease row for terminal ${row.terminal_id}`);
      }
      return { terminalId: row.terminal_id, registerName: row.register_name, heldForMs };
    });
  }

  /** The terminal's holder while its lease lasts on the store's clock. */
  async holder(terminalId: string): Promise<LeaseHolder | null> {
    return this.heldBy(terminalId, 'AND expires_at > now()');
  }

  /** Whoever the terminal's row names, expired or not (what a refused acquire reports: 0 ms left once expired). */
  private async heldBy(terminalId: string, lasting: '' | 'AND expires_at > now()' = ''): Promise<LeaseHolder | null> {
    const res = await this.conn.withClient((c) => c.query<LeaseRow>(
      `SELECT terminal_id, register_id, register_name, attempt_id, amount_minor, currency,
              GREATEST(0, ceil(extract(epoch FROM expires_at - now()) * 1000))::bigint AS ms_left
       FROM terminal_leases WHERE terminal_id = $1 ${lasting}`, [terminalId]));
    const row = res.rows[0];
    return row ? toHolder(row) : null;
  }
}

/**
 * The lease taken in one upsert whose command tag says whether it wrote: no result rows to build
 * or read. The limit ($9) is checked where the row is inserted and again where a held row is
 * taken over, after any wait for its lock.
 */
const IN_TIME = '($9::float8 IS NULL OR clock_timestamp() < to_timestamp($9::float8 / 1000))';
const ACQUIRE = `INSERT INTO terminal_leases AS l (terminal_id, register_id, register_name, attempt_id, amount_minor, currency, expires_at, request_token)
  SELECT $1, $2, $3, $4, $5, $6, now() + $7::float8 * interval '1 millisecond', $8
  WHERE ${IN_TIME}
  ON CONFLICT (terminal_id) DO UPDATE SET register_id = EXCLUDED.register_id, register_name = EXCLUDED.register_name,
    attempt_id = EXCLUDED.attempt_id, amount_minor = EXCLUDED.amount_minor, currency = EXCLUDED.currency,
    expires_at = EXCLUDED.expires_at, request_token = EXCLUDED.request_token, taken_at = now()
  WHERE (l.expires_at <= now() OR l.attempt_id = EXCLUDED.attempt_id) AND ${IN_TIME}`;

/** A row read back from the database is input like any other: a damaged one is refused, never shown. */
function toHolder(row: LeaseRow): LeaseHolder {
  const amountMinor = Number(row.amount_minor);
  const msLeft = Number(row.ms_left);
  // Amounts a terminal accepts and names the settings allow: anything else was not written by a register.
  if (amountIssues(amountMinor).length > 0 || !Number.isSafeInteger(msLeft) || msLeft < 0 || row.currency !== 'EUR' || !isRegisterName(row.register_name)) {
    throw new Error(`unreadable lease row for terminal ${row.terminal_id}`);
  }
  return {
    terminalId: row.terminal_id,
    registerId: row.register_id,
    registerName: row.register_name,
    attemptId: row.attempt_id,
    amountMinor,
    currency: row.currency,
    msLeft,
  };
}

/** The lease an attempt still needs at `now` (this register's clock): what is left of its deadline, plus the margin. */
export const leaseOf = (a: Attempt, now: number): LeaseRequest =>
  ({ attemptId: a.id, terminalId: a.terminalId, amountMinor: a.amountMinor, currency: a.currency, durationMs: Math.max(0, a.deadlineAt - now) + LEASE_MARGIN_MS });

/** The attempt no longer needs its terminal (mayReleaseLease), its age read from the wall clock `now`. */
export const leaseReleasable = (a: Attempt, now: number): boolean => mayReleaseLease(a, wallAge(a, now));
