/**
 * The absolute deadline (createdAt + 120 s, so a restart does not reset it).
 * When it passes without an outcome the attempt becomes timed_out: UNKNOWN,
 * the cashier must look at the terminal.
 */
import type { Attempt } from '../../shared/domain/attempt.js';
import { transition } from './attempt-states.js';
import { NO_ANSWER_BY_DEADLINE, logFields, type EngineContext } from './engine-context.js';

export function armDeadline(ctx: EngineContext, a: Attempt): void {
  if (ctx.timers.has(a.id, 'deadline')) return;
  ctx.timers.set(a.id, 'deadline', a.deadlineAt - ctx.clock.now(), () => ctx.tasks.run(`deadline ${a.id}`, () => onDeadline(ctx, a.id)));
}

async function onDeadline(ctx: EngineContext, id: string): Promise<void> {
  const a = ctx.store.get(id);
  if (!a) return;
  if (a.state === 'sending') {
    // A request still on the wire is cut: its send loop records send_failed, which then times out.
    if (ctx.timers.abortRequests(id, 'send', 'deadline')) return;
    await ctx.store.update(id, (cur) => (cur.state === 'sending' ? transition(cur, 'send_failed', ctx.clock.now(), { lastError: NO_ANSWER_BY_DEADLINE }) : null));
    return;
  }
  await timeOut(ctx, id);
}

/** send_failed | accepted -> timed_out, once the deadline has passed. */
export async function timeOut(ctx: EngineContext, id: string): Promise<void> {
  const next = await ctx.store.update(id, (cur) => {
    const now = ctx.clock.now();
    if (now < cur.deadlineAt || (cur.state !== 'send_failed' && cur.state !== 'accepted')) return null;
    return transition(cur, 'timed_out', now);
  });
  if (next?.state === 'timed_out') ctx.logger.warn('terminal payment timed out: outcome unknown, check the terminal', logFields(next));
}
