/**
 * The whole store's days as one register reads them for its reports: every
 * register's attempts, their closings and any chain that forked, all from ONE
 * snapshot, so a record shipped meanwhile never leaves an attempt and its
 * newest record disagreeing.
 */
import type { DayRange } from '../../shared/domain/day-report.js';
import { readChainForks, type StoreChainFork } from './chain-forks.js';
import type { StoreConnection } from './connection.js';
import { readStoreClosings, type StoreClosings } from './store-closings.js';
import { readStoreDay, type StoreDay } from './store-history.js';

export type WholeStoreDay = StoreDay & StoreClosings & { chainForks: StoreChainFork[] };

export function readWholeStoreDay(conn: StoreConnection, range: DayRange): Promise<WholeStoreDay> {
  return conn.transaction(async (c) => {
    await c.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const day = await readStoreDay(c, range);
    const closed = await readStoreClosings(c, range, day.registerNames);
    return { ...day, ...closed, damaged: [...day.damaged, ...closed.damaged], chainForks: await readChainForks(c) };
  });
}
