/**
 * The screen waits for the main process to say which language it speaks
 * (I18nProvider), and the app store's first load answers only once the
 * terminal list is in too, which asks the bank. So the entry asks for the app
 * state alone first: the language, hence its catalog, is known after one
 * local round trip, and the counter shows without waiting for the bank.
 */
import { call } from '../bridge.js';
import { useApp } from '../store/app.js';

export async function askLanguageFirst(): Promise<void> {
  const state = await call('getAppState', undefined);
  // The full load or an event may have answered already: theirs is as new or newer.
  if (state.ok && !useApp.getState().appState) useApp.getState().setAppState(state.value);
}
