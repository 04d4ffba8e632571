/** App-wide state from the main process: environment, organization, register, terminals. */
import { create } from 'zustand';
import type { AppState, IpcError, TerminalsView } from '../../../shared/ipc/types.js';
import { call } from '../bridge.js';
import { organizationLocale } from '../logic/format.js';

interface AppStore {
  appState: AppState | null;
  terminals: TerminalsView | null;
  appStateError: IpcError | null;
  terminalsError: IpcError | null;
  /** The last organization locale seen, kept while signed out so amounts keep their format. */
  lastLocale: string | null;
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
  lastLocale: null,

  async load() {
    const [state] = await Promise.all([call('getAppState', undefined), useApp.getState().loadTerminals()]);
    if (state.ok) useApp.getState().setAppState(state.value);
    else set({ appStateError: state.error });
  },

  async loadTerminals() {
    const res = await call('listTerminals', undefined);
    set(res.ok ? { terminals: res.value, terminalsError: null } : { terminalsError: res.error });
  },

  setAppState: (appState) => set((s) => ({ appState, appStateError: null, lastLocale: organizationLocale(appState) ?? s.lastLocale })),
  setTerminals: (terminals) => set({ terminals, terminalsError: null }),
}));
