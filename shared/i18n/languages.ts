/**
 * The languages Counterpay speaks (the bank's five) and how one is chosen:
 * COUNTERPAY_LOCALE forces it, else the register's own choice, else the
 * organization's locale, else the last one known, else French (the training shop).
 * One pure function so the main process (sign-in pages) and the renderer agree.
 */
export const LANGUAGES = ['fr', 'en', 'it', 'de', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];

/** A stretched, accented English used only to find text that clips or was never translated. */
export const PSEUDO_LANGUAGE = 'en-XA';
export type DisplayLanguage = Language | typeof PSEUDO_LANGUAGE;

export const DEFAULT_LANGUAGE: Language = 'fr';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** "fr-FR", "it_IT", "DE" → the language Counterpay speaks for it, or null. */
export function languageOf(locale: string | null | undefined): Language | null {
  if (!locale) return null;
  const base = locale.trim().toLowerCase().split(/[-_]/)[0];
  return isLanguage(base) ? base : null;
}

/** COUNTERPAY_LOCALE may also name the pseudo-locale (tests, demos). */
export function forcedLanguageOf(value: string | null | undefined): DisplayLanguage | null {
  if (value && value.trim().toLowerCase() === PSEUDO_LANGUAGE.toLowerCase()) return PSEUDO_LANGUAGE;
  return languageOf(value);
}

export interface LanguageSources {
  /** COUNTERPAY_LOCALE, as read by the main process. */
  forced: string | null;
  /** The register's choice in Settings; null follows the organization. */
  register: Language | null;
  organizationLocale: string | null;
  lastKnown: Language | null;
}

export function resolveLanguage(s: LanguageSources): DisplayLanguage {
  return forcedLanguageOf(s.forced) ?? s.register ?? languageOf(s.organizationLocale) ?? s.lastKnown ?? DEFAULT_LANGUAGE;
}

/** Locale tag for Intl: the pseudo-locale writes amounts and dates as English does. */
export function intlLocaleOf(language: DisplayLanguage): string {
  return language === PSEUDO_LANGUAGE ? 'en' : language;
}
