/** Unlocking manager actions with the PIN, locking them again, and setting the PIN. */
import type { Handlers } from '../../../shared/ipc/contract.js';
import type { AppContext } from '../app-context.js';
import { settingsView } from '../settings-view.js';

export function managerHandlers(ctx: AppContext): Pick<Handlers, 'unlockManager' | 'lockManager' | 'setManagerPin'> {
  return {
    async unlockManager({ pin }) {
      await ctx.gate.unlock(pin);
      return settingsView(ctx);
    },
    async lockManager() {
      ctx.gate.lock();
      return settingsView(ctx);
    },
    async setManagerPin({ pin }) {
      await ctx.gate.setPin(pin);
      ctx.logger.info('manager PIN set');
      return settingsView(ctx);
    },
  };
}
