/** What the top bar shows: environment, organization, connection, register, deprecations. */
import type { Handlers } from '../../../shared/ipc/contract.js';
import type { AppState } from '../../../shared/ipc/types.js';
import type { CoreContext } from '../context.js';

export function currentAppState(ctx: CoreContext): AppState {
  const settings = ctx.settings.get();
  return {
    environment: ctx.environment,
    registerId: settings.registerId,
    organization: ctx.organization.summary(),
    connection: ctx.connection.status(),
    defaultTerminalId: settings.defaultTerminalId,
    deprecations: ctx.deprecations.list(),
    store: ctx.store?.view() ?? null,
  };
}

export function appStateHandlers(ctx: CoreContext): Pick<Handlers, 'getAppState'> {
  return {
    async getAppState() {
      if (!ctx.organization.summary() && ctx.connection.status().status === 'connected') {
        // Shown on every screen; a failure here must not block the counter, it is reported in the state.
        await ctx.organization.refresh().catch((e: unknown) => ctx.logger.warn('organization fetch failed', { error: String(e) }));
      }
      return currentAppState(ctx);
    },
  };
}
