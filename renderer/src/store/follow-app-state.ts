/**
 * Applies an app state pushed by the main process. When the environment
 * switched, the counter starts a new sale on the new journal; when the bank
 * connection changed, the terminal list and the settings view are reloaded.
 */
import type { AppState } from '../../../shared/ipc/types.js';
import { appStateChange } from '../logic/app-state-change.js';
import { useApp } from './app.js';
import { useCounter } from './counter.js';
import { useSettings } from './settings.js';
import { useAttempts } from './attempts.js';

export function followAppState(state: AppState): void {
  const change = appStateChange(useApp.getState().appState, state);
  useApp.getState().setAppState(state);
  if (change.environment) {
    const counter = useCounter.getState();
    counter.newSale();
    counter.chooseTerminal(null);
    // Another environment has another journal: its sequence numbers start over.
    useAttempts.setState({ byId: {}, totals: null, totalsSeq: -1, loaded: false, closed: null });
    void useAttempts.getState().load();
    // Another environment has other terminals: the previous list must never be offered, even if this one cannot be read.
    useApp.setState((s) => ({ terminals: null, terminalsError: null, switches: s.switches + 1 }));
  }
  if (change.connection || change.environment) {
    void useApp.getState().loadTerminals();
    if (useApp.getState().access) void useApp.getState().loadAccess();
    if (useSettings.getState().view) void useSettings.getState().load();
  }
}
