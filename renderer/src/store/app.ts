/** App-wide state from the main process: environment, organization, register, terminals. */
import { create } from 'zustand';
import type { AppState, IpcError, TerminalsView } from '../../../shared/ipc/types.js';
import { call } from '../bridge.js';

interface AppStore {
  appState: AppState | null;
  terminals: TerminalsView | null;
  appStateError: IpcError | null;
  terminalsError: IpcError | null;
  load(): Promise<void>;
  loadTerminals(): Promise<void>;
  setAppState(state: AppState): void;
  setTerminals(view: TerminalsView): void;
}

export const useApp = create<AppStore>()((set) => ({
  appState: null,
  terminals: null,
  appStateError: null,
  terminalsError: null,

  async load() {
    const [state] = await Promise.all([call('getAppState', undefined), useApp.getState().loadTerminals()]);
    set(state.ok ? { appState: state.value, appStateError: null } : { appStateError: state.error });
  },

  async loadTerminals() {
    const res = await call('listTerminals', undefined);
    set(res.ok ? { terminals: res.value, terminalsError: null } : { terminalsError: res.error });
  },

  setAppState: (appState) => set({ appState, appStateError: null }),
  setTerminals: (terminals) => set({ terminals, terminalsError: null }),
}));
