/**
 * Attempts taken up again. After a restart: every attempt the journal still has to act on
 * gets the machine's 'restored' event (a request that was on the wire is resent with its
 * ORIGINAL key inside the deadline; polling and the late watch resume; nothing is sent after
 * the deadline). After a new sign-in: every failed send gets 'signedIn', and the machine
 * decides which may leave now.
 */
import { isFinal } from '../../shared/domain/attempt.js';
import type { EngineContext } from './engine-context.js';
import { apply, itsCashier } from './machine-runner.js';

export async function restoreAll(ctx: EngineContext): Promise<number> {
  const unfinished = ctx.store.all().filter((a) => !isFinal(a.state)).sort((x, y) => x.createdAt - y.createdAt);
  for (const a of unfinished) await apply(ctx, a.id, { type: 'restored' }, itsCashier);
  if (unfinished.length) ctx.logger.info('payment engine restored unfinished attempts', { count: unfinished.length });
  return unfinished.length;
}

/** Hands every failed send the machine's 'signedIn' event; answers how many left again. */
export async function resumeAfterSignIn(ctx: EngineContext): Promise<number> {
  let resent = 0;
  for (const a of ctx.store.all().filter((x) => x.state === 'send_failed')) {
    const { refusal } = await apply(ctx, a.id, { type: 'signedIn' }, itsCashier);
    if (refusal === null) resent++;
    else ctx.logger.debug('payment not resent after sign-in', { attemptId: a.id, reason: refusal });
  }
  return resent;
}
