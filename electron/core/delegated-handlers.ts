/**
 * The environment-level IPC methods as the app core answers them: each runs on
 * the live environment's core once any switch in progress is done, or on the
 * closed till while none is open. getAppState is the exception: the app core
 * completes it with what only it knows.
 */
import type { AppState } from '../../shared/ipc/types.js';
import type { LiveEnvironment } from './app-context.js';
import { rethrowAsCoreError } from './auth-errors.js';
import type { closedTillHandlers } from './closed-till.js';
import type { EnvironmentHandlers } from './create-core.js';
import { CoreError } from './errors.js';
import { environmentTable, type HandlerTable } from './environment-methods.js';

export interface Route {
  /** The switches in progress, or null when none is. */
  pending(): Promise<void> | null;
  live(): LiveEnvironment | null;
  closed: ReturnType<typeof closedTillHandlers>;
  appState(): AppState;
}

export function delegatedHandlers(route: Route): EnvironmentHandlers {
  const out = environmentTable((m) => async (req: unknown) => {
    const pending = route.pending();
    if (pending) await pending;
    const live = route.live();
    if (m === 'getAppState') {
      if (live) await live.core.handlers.getAppState(undefined).catch(rethrowAsCoreError);
      return route.appState();
    }
    const handlers = (live?.core.handlers ?? route.closed) as HandlerTable;
    const handler = handlers[m];
    if (!handler) throw new CoreError('internal', `no handler for ${m}`);
    return handler(req).catch(rethrowAsCoreError);
  });
  return out as unknown as EnvironmentHandlers;
}
