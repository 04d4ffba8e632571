import { useApp } from '../store/app.js';
import { localeOf } from '../logic/format.js';

/** The organization's locale for every amount and date on screen (the last known one while signed out). */
export function useLocale(): string {
  return useApp((s) => localeOf(s.appState, s.lastLocale));
}
