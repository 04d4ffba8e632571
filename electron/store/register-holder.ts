/**
 * Which computer holds a register id in the store, checked at each connection so a data folder
 * copied to a second computer never works as a silent twin of the first. The store's `registers`
 * row names the computer (its fingerprint) that last connected under the id; a different
 * computer asking for the same id is refused, and told whether its folder came from elsewhere
 * (then it becomes a register of its own) or the other computer's did.
 */
import type { PoolClient } from 'pg';
import { StoreProblem } from './store-problem.js';
import { checkStoreUrl } from './store-url.js';

export interface MachineClaim {
  /** This computer's fingerprint. */
  here: string;
  /** register.json names another computer as this register's: the folder was copied or moved here. */
  copiedHere: boolean;
}

/**
 * Inside the connection's transaction: the row is locked, so two computers connecting together
 * under one id never both pass. Throws register_copied / register_elsewhere when another computer
 * holds the id; otherwise this computer holds it from now on (a row from before machines were
 * named is taken over).
 */
export async function claimRegister(c: Pick<PoolClient, 'query'>, registerId: string, claim: MachineClaim): Promise<void> {
  const row = await c.query<{ name: string; machine: string | null }>('SELECT name, machine FROM registers WHERE register_id = $1 FOR UPDATE', [registerId]);
  const holder = row.rows[0];
  if (!holder || holder.machine === null || holder.machine === claim.here) return;
  const code = claim.copiedHere ? 'register_copied' : 'register_elsewhere';
  throw new StoreProblem(code, `register ${registerId} (${holder.name}) is held in the store by another computer`);
}

/**
 * At start-up, only for a folder copied here (rare): the machine holding `registerId` in the store,
 * asked once within `timeoutMs` so the counter barely waits; null when none is named or the store
 * does not answer in time (the connection's own check then decides).
 */
export async function storeHolderOf(url: string, registerId: string, timeoutMs = 2_000): Promise<{ machine: string; name: string } | null> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: checkStoreUrl(url), connectionTimeoutMillis: timeoutMs, query_timeout: timeoutMs, application_name: 'counterpay-register' });
  client.on('error', () => undefined);
  try {
    await client.connect();
    const table = await client.query<{ ok: boolean }>(`SELECT to_regclass('registers') IS NOT NULL AS ok`);
    if (!table.rows[0]?.ok) return null;
    // to_jsonb: a store from before schema step 7 has no machine column, and then no holder.
    const row = await client.query<{ machine: unknown; name: unknown }>(`SELECT to_jsonb(r)->>'machine' AS machine, name FROM registers r WHERE register_id = $1`, [registerId]);
    const { machine, name } = row.rows[0] ?? {};
    return typeof machine === 'string' && machine && typeof name === 'string' ? { machine, name } : null;
  } catch {
    return null;
  } finally {
    await client.end().catch(() => undefined);
  }
}
