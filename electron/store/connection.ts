/**
 * One register's link to its store: a small pg pool, opened only when a store is configured
 * (pg is imported lazily so the standalone register never loads it), migrated on connect.
 * Every failure comes out as a StoreProblem a manager can act on.
 */
import type { Pool, PoolClient } from 'pg';
import type { Logger } from '../log.js';
import { migrate } from './migrations.js';
import { claimRegister, type MachineClaim } from './register-holder.js';
import { classifyStoreError } from './store-problem.js';
import { checkStoreUrl, redactStoreUrl } from './store-url.js';

export interface StoreIdentity {
  registerId: string;
  /** The name a person reads ("Caisse 1"), shown to other registers' cashiers. */
  registerName: string;
}

export interface OpenStoreOptions extends StoreIdentity {
  url: string;
  logger?: Logger;
  /** How long a connection attempt may take before the store counts as unreachable. */
  connectTimeoutMs?: number;
  poolSize?: number;
  /** The register's time zone (IANA name) the store records for cutting its days; this process's when absent (tests set others). */
  timeZone?: string;
  /** This computer, checked against the store's holder of the register id (absent: not checked, as the CLI and benches do). */
  machine?: MachineClaim;
}

export class StoreConnection {
  private constructor(
    readonly pool: Pool,
    readonly identity: StoreIdentity,
    readonly redactedUrl: string,
    private readonly logger?: Logger,
  ) {}

  static async open(opts: OpenStoreOptions): Promise<StoreConnection> {
    const url = checkStoreUrl(opts.url);
    const { default: pg } = await import('pg');
    const pool = new pg.Pool({
      connectionString: url,
      max: opts.poolSize ?? 3,
      connectionTimeoutMillis: opts.connectTimeoutMs ?? 5_000,
      idleTimeoutMillis: 30_000,
      // A query that hangs on a dead server must fail and let the register carry on alone.
      query_timeout: 10_000,
      application_name: 'counterpay-register',
    });
    // A server that dies under an idle connection must not crash the register.
    pool.on('error', (e) => opts.logger?.warn('store connection dropped', { error: e.message }));
    const conn = new StoreConnection(pool, { registerId: opts.registerId, registerName: opts.registerName }, redactStoreUrl(url), opts.logger);
    try {
      await conn.withClient(async (c) => {
        const { from, to } = await migrate(c);
        if (from !== to) opts.logger?.info('store schema migrated', { from, to, store: conn.redactedUrl });
        await c.query('BEGIN');
        try {
          if (opts.machine) await claimRegister(c, opts.registerId, opts.machine);
          await c.query(
            `INSERT INTO registers (register_id, name, time_zone, machine) VALUES ($1, $2, $3, $4)
             ON CONFLICT (register_id) DO UPDATE SET name = EXCLUDED.name, time_zone = EXCLUDED.time_zone, last_seen_at = now(),
               machine = coalesce(EXCLUDED.machine, registers.machine)`,
            [opts.registerId, opts.registerName, opts.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone, opts.machine?.here ?? null],
          );
          await c.query('COMMIT');
        } catch (e) {
          await c.query('ROLLBACK').catch(() => undefined);
          throw e;
        }
      }, 'connect');
    } catch (e) {
      await pool.end().catch(() => undefined);
      throw e;
    }
    return conn;
  }

  /** Runs fn on one pooled client; errors come out classified. */
  async withClient<T>(fn: (c: PoolClient) => Promise<T>, phase: 'connect' | 'use' = 'use'): Promise<T> {
    let client: PoolClient;
    try {
      client = await this.pool.connect();
    } catch (e) {
      throw classifyStoreError(e, phase);
    }
    let broken = false;
    // A checked-out connection the server drops emits 'error' on the client itself: unheard, it would end the register.
    const onError = (e: Error) => {
      broken = true;
      this.logger?.warn('store connection dropped during a query', { error: e.message });
    };
    client.on('error', onError);
    try {
      return await fn(client);
    } catch (e) {
      // A connection that failed below SQL (socket, timeout) must not go back to the pool.
      broken = !/^[0-9A-Z]{5}$/.test(String((e as { code?: unknown }).code ?? ''));
      throw classifyStoreError(e, phase);
    } finally {
      client.off('error', onError);
      client.release(broken);
    }
  }

  /** Runs fn inside one transaction. */
  transaction<T>(fn: (c: PoolClient) => Promise<T>): Promise<T> {
    return this.withClient(async (c) => {
      await c.query('BEGIN');
      try {
        const out = await fn(c);
        await c.query('COMMIT');
        return out;
      } catch (e) {
        await c.query('ROLLBACK').catch(() => undefined);
        throw e;
      }
    });
  }

  async close(): Promise<void> {
    await this.pool.end().catch(() => undefined);
  }
}
