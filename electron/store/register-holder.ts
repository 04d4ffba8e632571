/**
 * Which computer holds a register id in the store, checked at each connection so a data folder
 * copied to a second computer never works as a silent twin of the first. The store's `registers`
 * row names the computer (its fingerprint) that last connected under the id; a different
 * computer asking for the same id is refused, and told whether its folder came from elsewhere
 * (then it becomes a register of its own) or the other computer's did.
 */
import type { PoolClient } from 'pg';
import { StoreProblem } from './store-problem.js';

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
