/**
 * A read-only look at a store, for the accountant's command line: one connection, no migration
 * and no register row written, so exporting never changes the store it reads. A database that
 * is not a Counterpay store, or one a newer Counterpay set up, is refused with its own problem.
 */
import type { PoolClient } from 'pg';
import type { DayRange } from '../../shared/domain/day-report.js';
import { currentVersion, SCHEMA_VERSION } from './migrations.js';
import { readStoreDay, type StoreDay } from './store-history.js';
import { classifyStoreError, StoreProblem } from './store-problem.js';
import { checkStoreUrl } from './store-url.js';

export async function readStoreDayAt(url: string, range: DayRange, connectTimeoutMs = 5_000): Promise<StoreDay> {
  return readStoreAt(url, (client) => readStoreDay(client, range), connectTimeoutMs);
}

/** Runs `read` on one read-only connection to a store, in one snapshot; a store that cannot be read is a StoreProblem. */
export async function readStoreAt<T>(url: string, read: (client: Pick<PoolClient, 'query'>) => Promise<T>, connectTimeoutMs = 5_000): Promise<T> {
  const checked = checkStoreUrl(url);
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: checked, connectionTimeoutMillis: connectTimeoutMs, query_timeout: 60_000, application_name: 'counterpay-export' });
  // An error after connecting (the server going away) must reject the query, not crash the process.
  client.on('error', () => undefined);
  try {
    try {
      await client.connect();
    } catch (e) {
      throw classifyStoreError(e, 'connect');
    }
    const version = await currentVersion(client);
    if (version === 0) throw new StoreProblem('not_a_store', 'the database holds no Counterpay store');
    if (version > SCHEMA_VERSION) throw new StoreProblem('newer_schema', `store schema ${version} is newer than this Counterpay understands (${SCHEMA_VERSION})`);
    // Read in one snapshot, so registers shipping meanwhile never make an attempt and its record disagree.
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const result = await read(client);
    await client.query('COMMIT');
    return result;
  } catch (e) {
    throw classifyStoreError(e, 'use');
  } finally {
    await client.end().catch(() => undefined);
  }
}
