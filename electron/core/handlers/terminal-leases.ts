/** Store mode: which terminals other registers use now, for the counter's picker (asked every few seconds). */
import type { Handlers } from '../../../shared/ipc/contract.js';
import type { CoreContext } from '../context.js';

export function terminalLeaseHandlers(ctx: Pick<CoreContext, 'store'>): Pick<Handlers, 'listTerminalLeases'> {
  return {
    async listTerminalLeases() {
      // Alone, or with the store not answering, nothing is known about other registers: the picker says nothing.
      return { heldElsewhere: ctx.store ? await ctx.store.othersHolding() : null };
    },
  };
}
