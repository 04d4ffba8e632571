/**
 * Wires the main process's pushed events into the stores, and the first load.
 * Called once by main.tsx; returns the unsubscribe for completeness. Nothing is
 * pulled after a push: each push carries its sequence number and the day's totals.
 */
import { on } from '../bridge.js';
import { registerHolder, useAttempts } from './attempts.js';
import { useApp } from './app.js';
import { useCounter } from './counter.js';
import { useManager } from './manager.js';
import { useStaff } from './staff.js';
import { followAppState } from './follow-app-state.js';

export function connectEvents(): () => void {
  const offs = [
    on('attemptUpdated', (push) => {
      useAttempts.getState().receive(push);
      useCounter.getState().observe(push.attempt);
    }),
    on('dayChanged', (view) => useAttempts.getState().receiveView(view)),
    on('terminalsChanged', (view) => useApp.getState().setTerminals(view)),
    on('appStateChanged', (state) => {
      followAppState(state);
      // Store mode: the store (re)connected or went down, and with it the shop's staff list or its "last copy" notice.
      if (state.store) void useStaff.getState().load();
    }),
    on('managerChanged', (view) => useManager.getState().apply(view)),
    on('staffChanged', (view) => useStaff.getState().apply(view)),
  ];
  return () => offs.forEach((off) => off());
}

export async function initialLoad(): Promise<void> {
  await Promise.all([useApp.getState().load(), useAttempts.getState().load(), useManager.getState().load(), useStaff.getState().load()]);
  // After a restart the sale still holding the register takes the screen again.
  const holder = registerHolder(useAttempts.getState());
  if (holder) useCounter.getState().observe(holder);
}
