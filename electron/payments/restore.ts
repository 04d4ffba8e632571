/**
 * After a restart: every attempt the journal still has to act on gets the machine's
 * 'restored' event (a request that was on the wire is resent with its ORIGINAL key
 * inside the deadline; polling and the late watch resume; nothing is sent after the
 * deadline). Also the rule of what follows into a new day's journal file.
 */
import { isFinal, isOpenDuplicate, type Attempt } from '../../shared/domain/attempt.js';
import { holdsRegister } from '../../shared/domain/attempt-commands.js';
import { lateWatchDelay, type EnginePolicy } from '../../shared/domain/attempt-policy.js';
import type { EngineContext } from './engine-context.js';
import { apply } from './machine-runner.js';

export async function restoreAll(ctx: EngineContext): Promise<number> {
  const unfinished = ctx.store.all().filter((a) => !isFinal(a.state)).sort((x, y) => x.createdAt - y.createdAt);
  for (const a of unfinished) await apply(ctx, a.id, { type: 'restored' });
  if (unfinished.length) ctx.logger.info('payment engine restored unfinished attempts', { count: unfinished.length });
  return unfinished.length;
}

/**
 * Must the attempt follow into the next day's journal file? Everything not final, except a
 * released timed-out attempt nothing watches any more; and a possible duplicate until a
 * manager resolved it (the manager's list must not lose it at midnight).
 */
export function isCarried(a: Attempt, ageMs: number, policy: EnginePolicy): boolean {
  if (isOpenDuplicate(a)) return true;
  if (isFinal(a.state)) return false;
  if (a.state === 'timed_out' && !holdsRegister(a)) return a.paymentId !== null && lateWatchDelay(policy, ageMs) !== null;
  return true;
}
