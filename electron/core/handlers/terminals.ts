/** The bank's terminal list and this register's default terminal. */
import type { Handlers } from '../../../shared/ipc/contract.js';
import type { TerminalsView } from '../../../shared/ipc/types.js';
import type { Terminal } from '../../../shared/domain/bank.js';
import type { CoreContext } from '../context.js';
import { CoreError } from '../errors.js';

export function terminalsView(terminals: Terminal[], defaultTerminalId: string | null): TerminalsView {
  return {
    terminals: terminals.map((t) => ({ id: t.id, poiId: t.poi_id })),
    defaultTerminalId,
    defaultMissing: defaultTerminalId !== null && !terminals.some((t) => t.id === defaultTerminalId),
  };
}

export function terminalHandlers(ctx: CoreContext): Pick<Handlers, 'listTerminals' | 'setDefaultTerminal'> {
  let lastSeen = '';
  const fetchView = async (): Promise<TerminalsView> => {
    const view = terminalsView(await ctx.api.terminals.listAll(), ctx.settings.get().defaultTerminalId);
    const fingerprint = JSON.stringify(view);
    if (lastSeen && fingerprint !== lastSeen) ctx.events.emit('terminalsChanged', view);
    lastSeen = fingerprint;
    return view;
  };

  return {
    listTerminals: fetchView,
    async setDefaultTerminal({ terminalId }) {
      const terminals = await ctx.api.terminals.listAll();
      if (!terminals.some((t) => t.id === terminalId)) {
        throw new CoreError('not_found', `Terminal ${terminalId} is not in the bank's list of terminals; refresh the list and pick another.`);
      }
      await ctx.settings.setDefaultTerminal(terminalId);
      const view = terminalsView(terminals, terminalId);
      lastSeen = JSON.stringify(view);
      ctx.events.emit('terminalsChanged', view);
      return view;
    },
  };
}
