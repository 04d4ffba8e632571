/**
 * A new attempt (a charge, or a retry with a new key) journaled and sent: the
 * store's gate first when there is one, then ONE record, fsync'd, during which
 * its deadline starts and its request is made ready, leaving the moment the
 * record is durable. This is the only way a request with a new key is made,
 * so "journaled before any request" holds in one place.
 */
import type { Attempt } from '../../shared/domain/attempt.js';
import type { EngineContext } from './engine-context.js';
import { passGate } from './engine-guards.js';
import type { SendGate } from './engine-ports.js';
import { EngineRefusal } from './engine-refusal.js';
import { UnreadableRecordError } from './journal.js';
import { launchPush, run } from './machine-runner.js';

/** Must run inside the store's exclusive(); `alongside` lands in the same record (a retry's old attempt, marked). */
export async function startAttempt(ctx: EngineContext, gate: SendGate | undefined, unmarked: Attempt, alongside: Attempt[], why: 'charge' | 'retry'): Promise<Attempt> {
  // No gate (a register working alone): no await, the record goes to the disk in this same turn.
  const lease = gate ? await passGate(gate, unmarked, why) : undefined;
  // Journaled in the attempt's first record, so a restart (and the store) knows it was sent without a lease.
  const fresh = lease ? { ...unmarked, lease } : unmarked;
  try {
    await ctx.store.commit([fresh, ...alongside], (durable) => {
      // In the fsync's idle time: the attempt's clock and deadline start (undone below if the record fails),
      // and its request is made ready to leave the moment the record is durable.
      ctx.ages.created(fresh);
      run(ctx, fresh, [{ type: 'deadlineIn', ms: fresh.deadlineAt - fresh.createdAt }]);
      launchPush(ctx, fresh, 'send', durable);
    });
  } catch (e) {
    // Journaled all the same (a throw beside a record that counts): its deadline and its request stand.
    if (ctx.store.get(fresh.id)) throw e;
    ctx.timers.cancel(fresh.id, 'deadline');
    ctx.ages.forget(fresh.id);
    if (e instanceof UnreadableRecordError) throw new EngineRefusal('invalid_request', `Nothing was sent: this sale's details could not be saved safely (${e.message}).`);
    throw e;
  }
  return fresh;
}
