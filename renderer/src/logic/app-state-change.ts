/** What an app-state update means for the screens: another environment, or another bank connection. */
import type { AppState } from '../../../shared/ipc/types.js';

export interface AppStateChange {
  /** Another journal and another bank: the counter starts over. */
  environment: boolean;
  /** Signed in or out, another organization or other permissions: terminals and settings are stale. */
  connection: boolean;
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

export function appStateChange(prev: AppState | null, next: AppState): AppStateChange {
  if (!prev) return { environment: false, connection: false };
  const environment = prev.environment !== next.environment;
  const connection = environment
    || prev.connection.status !== next.connection.status
    || prev.organization?.id !== next.organization?.id
    || !sameList(prev.connection.grantedScopes, next.connection.grantedScopes);
  return { environment, connection };
}
