/**
 * Wires the main process's pushed events into the stores, and the first load.
 * Called once by main.tsx; returns the unsubscribe for completeness.
 */
import { on } from '../bridge.js';
import { useApp } from './app.js';
import { useCounter } from './counter.js';
import { useToday } from './today.js';

export function connectEvents(): () => void {
  const offs = [
    on('attemptUpdated', (attempt) => {
      useCounter.getState().receive(attempt);
      void useToday.getState().load();
    }),
    on('terminalsChanged', (view) => useApp.getState().setTerminals(view)),
    on('appStateChanged', (state) => useApp.getState().setAppState(state)),
  ];
  return () => offs.forEach((off) => off());
}

export async function initialLoad(): Promise<void> {
  const [, view] = await Promise.all([useApp.getState().load(), useToday.getState().load()]);
  if (view) useCounter.getState().resume(view.attempts);
}
