/** App-wide state from the main process: environment, organization, register, terminals. */
import { create } from 'zustand';
import type { AccessView } from '../../../shared/domain/access.js';
import type { AppState, IpcError, TerminalsView } from '../../../shared/ipc/types.js';
import { call } from '../bridge.js';
import { organizationLocale } from '../logic/format.js';

interface AppStore {
  appState: AppState | null;
  terminals: TerminalsView | null;
  appStateError: IpcError | null;
  terminalsError: IpcError | null;
  /** What the bank sign-in may do; null until asked (the back office asks on opening). */
  access: AccessView | null;
  /** The last organization locale seen, kept while signed out so amounts keep their format. */
  lastLocale: string | null;
  /** Counts environment switches seen (follow-app-state.ts): a terminal list asked for before one is stale. */
  switches: number;
  load(): Promise<void>;
  loadTerminals(): Promise<void>;
  loadAccess(): Promise<void>;
  setAppState(state: AppState): void;
  setTerminals(view: TerminalsView): void;
}

export const useApp = create<AppStore>()((set) => ({
  appState: null,
  terminals: null,
  appStateError: null,
  terminalsError: null,
  access: null,
  lastLocale: null,
  switches: 0,

  async load() {
    const [state] = await Promise.all([call('getAppState', undefined), useApp.getState().loadTerminals()]);
    if (state.ok) useApp.getState().setAppState(state.value);
    else set({ appStateError: state.error });
  },

  async loadTerminals() {
    const asked = useApp.getState().switches;
    const res = await call('listTerminals', undefined);
    // An answer from the environment that was live when asked never lands in another one's picker.
    if (useApp.getState().switches !== asked) return;
    set(res.ok ? { terminals: res.value, terminalsError: null } : { terminalsError: res.error });
  },

  async loadAccess() {
    const res = await call('getAccess', undefined);
    // Without an answer nothing is known: every gated action stays unavailable rather than risk a refusal.
    set({ access: res.ok ? res.value : { connected: false, grantedScopes: [], role: 'unknown', roleReason: res.error.message } });
  },

  setAppState: (appState) => set((s) => ({ appState, appStateError: null, lastLocale: organizationLocale(appState) ?? s.lastLocale })),
  setTerminals: (terminals) => set({ terminals, terminalsError: null }),
}));
