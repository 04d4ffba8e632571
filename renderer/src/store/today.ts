/** The day's journal as the main process reports it (listAttempts), refreshed on every attempt update. */
import { create } from 'zustand';
import type { AttemptsView, IpcError } from '../../../shared/ipc/types.js';
import { call } from '../bridge.js';

interface TodayStore {
  view: AttemptsView | null;
  error: IpcError | null;
  load(): Promise<AttemptsView | null>;
}

// Updates come in bursts; only the answer to the latest request may land, so an
// older, slower answer never overwrites a newer list.
let latestRequest = 0;

export const useToday = create<TodayStore>()((set) => ({
  view: null,
  error: null,
  async load() {
    const mine = ++latestRequest;
    const res = await call('listAttempts', undefined);
    if (mine !== latestRequest) return res.ok ? res.value : null;
    if (res.ok) {
      set({ view: res.value, error: null });
      return res.value;
    }
    set({ error: res.error });
    return null;
  },
}));
