/** Unlocking the manager view with the PIN, locking it again (both open to the cashier), and setting the PIN. */
import type { Handlers } from '../../../shared/ipc/contract.js';
import type { AppContext } from '../app-context.js';
import { settingsView } from '../settings-view.js';

export function managerHandlers(ctx: AppContext): Pick<Handlers, 'getManagerView' | 'unlockManager' | 'lockManager' | 'setManagerPin'> {
  return {
    async getManagerView() {
      return ctx.gate.view();
    },
    async unlockManager({ pin, staffId }) {
      await ctx.gate.unlock(pin, staffId);
      return ctx.gate.view();
    },
    async lockManager() {
      ctx.gate.lock();
      return ctx.gate.view();
    },
    async setManagerPin({ pin }) {
      await ctx.gate.setPin(pin);
      ctx.logger.info('manager PIN set');
      return settingsView(ctx);
    },
  };
}
