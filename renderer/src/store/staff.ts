/**
 * Who is selling and the staff list as the main process holds them (names and roles only: PINs
 * never leave it). `picking` is the counter's "who is selling?" step: the person tapped, whose
 * PIN is being typed.
 */
import { create } from 'zustand';
import type { StaffView } from '../../../shared/ipc/staff-requests.js';
import type { IpcResult } from '../../../shared/ipc/types.js';
import { call } from '../bridge.js';

interface StaffStore {
  view: StaffView | null;
  /** Asked by F3 with someone signed in: the counter shows the names until someone signs in or it is cancelled. */
  switching: boolean;
  /** Someone just signed out for the day: the counter shows them their shift summary. */
  endedShift: boolean;
  load(): Promise<void>;
  apply(view: StaffView): void;
  signIn(staffId: string, pin: string): Promise<IpcResult<StaffView>>;
  signOut(reason: 'switch' | 'end_of_shift'): Promise<void>;
  setSwitching(on: boolean): void;
  /** The shift summary shown at the end of the day was closed. */
  closeEndedShift(): void;
}

export const useStaff = create<StaffStore>()((set) => ({
  view: null,
  switching: false,
  endedShift: false,
  async load() {
    const res = await call('getStaff', undefined);
    if (res.ok) set({ view: res.value });
  },
  apply: (view) => set({ view }),
  async signIn(staffId, pin) {
    const res = await call('signInStaff', { staffId, pin });
    if (res.ok) set({ view: res.value, switching: false, endedShift: false });
    return res;
  },
  async signOut(reason) {
    const res = await call('signOutStaff', { reason });
    if (res.ok) set({ view: res.value, switching: false, endedShift: reason === 'end_of_shift' });
  },
  closeEndedShift: () => set({ endedShift: false }),
  setSwitching: (on) => set({ switching: on }),
}));

/** The counter shows "who is selling?" instead of the sale: a cashier exists and nobody is signed in, or F3 was pressed. */
export const asksWho = (s: Pick<StaffStore, 'view' | 'switching'>): boolean =>
  !!s.view && s.view.asksWho && (s.view.signedIn === null || s.switching);
