/**
 * Wires the main process's pushed events into the stores, and the first load.
 * Called once by main.tsx; returns the unsubscribe for completeness.
 */
import { on } from '../bridge.js';
import { useApp } from './app.js';
import { useCounter } from './counter.js';
import { useManager } from './manager.js';
import { followAppState } from './follow-app-state.js';
import { useToday } from './today.js';

export function connectEvents(): () => void {
  const offs = [
    // Every journal listing, whoever asked for it, brings the counter's attempt up to date.
    useToday.subscribe((s, prev) => {
      if (s.view && s.view !== prev.view) useCounter.getState().reconcile(s.view.attempts);
    }),
    on('attemptUpdated', (attempt) => {
      useCounter.getState().receive(attempt);
      void useToday.getState().load();
    }),
    on('terminalsChanged', (view) => useApp.getState().setTerminals(view)),
    on('appStateChanged', followAppState),
    on('managerChanged', (view) => useManager.getState().apply(view)),
  ];
  return () => offs.forEach((off) => off());
}

export async function initialLoad(): Promise<void> {
  const [, view] = await Promise.all([useApp.getState().load(), useToday.getState().load(), useManager.getState().load()]);
  // Even an answer superseded by a newer listing may be the first the counter sees.
  if (view) useCounter.getState().reconcile(view.attempts);
}
