/**
 * The manager view's lock, as the main process holds it (the renderer never
 * decides it: the main process refuses manager methods while locked). The
 * PIN prompt lives here too: a manager method refused with 'locked', or the
 * manager key pressed while locked, asks; ask() answers true once the PIN
 * unlocked the view, false when the person cancelled.
 */
import { create } from 'zustand';
import type { IpcResult, ManagerView } from '../../../shared/ipc/types.js';
import { call } from '../bridge.js';

interface ManagerStore {
  view: ManagerView | null;
  asking: boolean;
  load(): Promise<void>;
  apply(view: ManagerView): void;
  /** The view is open now: no PIN set yet (first run), or unlocked. */
  isOpen(): boolean;
  /** With a staff list, `staffId` names the manager whose own PIN it is. */
  unlock(pin: string, staffId?: string): Promise<IpcResult<ManagerView>>;
  lock(): Promise<void>;
  ask(): Promise<boolean>;
  answer(unlocked: boolean): void;
}

let waiting: ((unlocked: boolean) => void)[] = [];

/** The manager doing the action, known by their own PIN (or signed in at the counter): forms then ask no typed name. */
export const useManagerBy = () => useManager((s) => s.view?.by ?? null);

export const useManager = create<ManagerStore>()((set, get) => ({
  view: null,
  asking: false,
  async load() {
    const res = await call('getManagerView', undefined);
    if (res.ok) set({ view: res.value });
  },
  apply: (view) => set({ view }),
  isOpen: () => {
    const v = get().view;
    return !!v && (!v.hasPin || v.unlocked);
  },
  async unlock(pin, staffId) {
    const res = await call('unlockManager', staffId ? { pin, staffId } : { pin });
    if (res.ok) set({ view: res.value });
    return res;
  },
  async lock() {
    const res = await call('lockManager', undefined);
    if (res.ok) set({ view: res.value });
  },
  // Several refused calls at once share one prompt.
  ask: () =>
    new Promise<boolean>((resolve) => {
      waiting.push(resolve);
      set({ asking: true });
    }),
  answer(unlocked) {
    const resolvers = waiting;
    waiting = [];
    set({ asking: false });
    for (const r of resolvers) r(unlocked);
  },
}));
