/**
 * Start-up after a stop or a crash: every unfinished attempt from the journal
 * is picked up where it was, against the absolute deadline.
 * - sending: the request may or may not have reached the bank. It is recorded
 *   as send_failed (interrupted) and then, inside the deadline and not
 *   abandoned, resent at once with its ORIGINAL key: the bank returns the
 *   cached 202 if the first one arrived, so this never makes a second payment.
 * - send_failed: resent the same way, at once.
 * - accepted: polling resumes for the time left.
 * - past the deadline: timed_out; with a payment id it goes into the late watch.
 */
import { isFinal } from '../../shared/domain/attempt.js';
import { transition } from './attempt-states.js';
import { INTERRUPTED, type EngineContext } from './engine-context.js';
import { react } from './reactions.js';

export async function restoreAll(ctx: EngineContext): Promise<number> {
  const unfinished = ctx.store.all().filter((a) => !isFinal(a.state)).sort((x, y) => x.createdAt - y.createdAt);
  for (const a of unfinished) {
    if (a.state === 'sending') {
      // The state change to send_failed reacts with resumeNow (see the engine's change listener).
      await ctx.store.update(a.id, (cur) => (cur.state === 'sending' ? transition(cur, 'send_failed', ctx.clock.now(), { lastError: INTERRUPTED }) : null), { resumeNow: true });
    } else {
      react(ctx, a, { resumeNow: true });
    }
  }
  if (unfinished.length) ctx.logger.info('payment engine restored unfinished attempts', { count: unfinished.length });
  return unfinished.length;
}
