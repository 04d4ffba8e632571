/** The settings screen's view from the main process (never a secret, only whether one is stored). */
import { create } from 'zustand';
import type { Method, Req } from '../../../shared/ipc/contract.js';
import type { IpcError, IpcResult, SettingsView } from '../../../shared/ipc/types.js';
import { call } from '../bridge.js';

/** The settings methods: each answers with the fresh settings view. */
export type SettingsMethod =
  | 'getSettings' | 'saveEnvironmentSettings' | 'switchEnvironment' | 'signIn' | 'cancelSignIn' | 'signOut'
  | 'setManagerPin' | 'setAcceptPlainTextRisk' | 'saveStoreSettings' | 'stopUsingStore';

interface SettingsStore {
  view: SettingsView | null;
  error: IpcError | null;
  load(): Promise<void>;
  apply(view: SettingsView): void;
  /** Calls a settings method and keeps the view it returns. */
  run<M extends SettingsMethod>(method: M, req: Req<M>): Promise<IpcResult<SettingsView>>;
}

export const useSettings = create<SettingsStore>()((set) => ({
  view: null,
  error: null,
  async load() {
    const res = await call('getSettings', undefined);
    set(res.ok ? { view: res.value, error: null } : { error: res.error });
  },
  apply: (view) => set({ view, error: null }),
  async run(method, req) {
    const res = (await call(method as Method, req as never)) as IpcResult<SettingsView>;
    if (res.ok) set({ view: res.value, error: null });
    return res;
  },
}));
