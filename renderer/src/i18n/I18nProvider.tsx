/**
 * Puts the screen language's catalog around the whole app and keeps
 * <html lang> equal to it, so screen readers and hyphenation follow. The
 * catalog arrives compiled and on demand (catalogs.ts): the app waits for the
 * main process to say which language it speaks rather than fetch French first
 * and switch, and on a switch it keeps the old words until the new ones are in.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import type { CompiledCatalog } from '../../../shared/i18n/compile.js';
import { intlLocaleOf, type DisplayLanguage } from '../../../shared/i18n/languages.js';
import { useApp } from '../store/app.js';
import { loadCatalog, loadedCatalog } from './catalogs.js';
import { useLanguage } from './language.js';

/** A catalog that could not be fetched is asked for again after this long. */
const RETRY_MS = 1_000;

export function I18nProvider({ children }: { children: ReactNode }) {
  const language = useLanguage();
  const answered = useApp((s) => s.appState !== null || s.appStateError !== null);
  return answered ? <LanguageProvider language={language}>{children}</LanguageProvider> : null;
}

interface Shown {
  language: DisplayLanguage;
  messages: CompiledCatalog;
}

/** documentLanguage false: words in another language inside the screen (a customer's receipt), <html lang> untouched. */
export function LanguageProvider({ language, children, documentLanguage = true }: { language: DisplayLanguage; children: ReactNode; documentLanguage?: boolean }) {
  const [shown, setShown] = useState<Shown | null>(() => {
    const messages = loadedCatalog(language);
    return messages ? { language, messages } : null;
  });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    let retry: ReturnType<typeof setTimeout> | undefined;
    loadCatalog(language).then(
      (messages) => current && setShown({ language, messages }),
      (error: unknown) => {
        console.error(`the ${language} catalog could not be loaded: ${String(error)}`);
        if (current) retry = setTimeout(() => setAttempt((n) => n + 1), RETRY_MS);
      },
    );
    return () => {
      current = false;
      clearTimeout(retry);
    };
  }, [language, attempt]);

  useEffect(() => {
    if (shown && documentLanguage) document.documentElement.lang = shown.language;
  }, [shown, documentLanguage]);

  if (!shown) return null;
  return (
    <IntlProvider locale={intlLocaleOf(shown.language)} messages={shown.messages} defaultLocale="en" onError={reportMissing}>
      {children}
    </IntlProvider>
  );
}

/** A missing message cannot reach a release (catalogs.test.ts); during development it is said loudly. */
function reportMissing(error: Error): void {
  console.error(error.message);
}
