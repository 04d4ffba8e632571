/**
 * What follows each state change, in one place: entering 'sending' sends,
 * 'send_failed' plans a resend (or times out), 'accepted' polls, 'timed_out'
 * keeps only the late watch, a final state stops everything. Commands, timers
 * and restore all go through here, so a state is always followed the same way.
 */
import type { Attempt } from '../../shared/domain/attempt.js';
import { isWatched } from './attempt-states.js';
import { armDeadline, timeOut } from './deadline.js';
import type { EngineContext, ReactHint } from './engine-context.js';
import { startPolling } from './poller.js';
import { launchSend, scheduleAutoResend } from './send-loop.js';

export function react(ctx: EngineContext, a: Attempt, hint: ReactHint = {}): void {
  if (ctx.isClosed()) return;
  const now = ctx.clock.now();
  switch (a.state) {
    case 'sending':
      armDeadline(ctx, a);
      launchSend(ctx, a.id);
      return;
    case 'send_failed':
      if (now >= a.deadlineAt) {
        ctx.timers.cancel(a.id, 'deadline', 'resend');
        ctx.tasks.run(`time out ${a.id}`, () => timeOut(ctx, a.id));
        return;
      }
      armDeadline(ctx, a);
      scheduleAutoResend(ctx, a, hint);
      return;
    case 'accepted':
      armDeadline(ctx, a);
      startPolling(ctx, a.id);
      return;
    case 'timed_out':
      ctx.timers.cancel(a.id, 'deadline', 'resend');
      if (isWatched(a, now, ctx.policy)) startPolling(ctx, a.id);
      return;
    default:
      ctx.timers.cancel(a.id, 'deadline', 'resend', 'poll');
  }
}
