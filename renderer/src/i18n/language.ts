/** The screen language, from what the main process says and the organization's locale. */
import { languageOf, resolveLanguage, type DisplayLanguage } from '../../../shared/i18n/languages.js';
import type { AppState } from '../../../shared/ipc/types.js';
import { useApp } from '../store/app.js';

export function languageFor(appState: AppState | null, lastLocale: string | null): DisplayLanguage {
  return resolveLanguage({
    forced: appState?.language?.forced ?? null,
    register: appState?.language?.register ?? null,
    organizationLocale: appState?.organization?.locale ?? null,
    // Signed out, the organization is unknown: keep the last language rather than switch mid-day.
    lastKnown: languageOf(lastLocale),
  });
}

export function useLanguage(): DisplayLanguage {
  return useApp((s) => languageFor(s.appState, s.lastLocale));
}
