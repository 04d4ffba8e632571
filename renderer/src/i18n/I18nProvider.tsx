/**
 * Puts the screen language's catalog around the whole app and keeps
 * <html lang> equal to it, so screen readers and hyphenation follow.
 */
import { useEffect, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { catalogOf } from '../../../shared/i18n/catalogs/index.js';
import { intlLocaleOf, type DisplayLanguage } from '../../../shared/i18n/languages.js';
import { useLanguage } from './language.js';

export function I18nProvider({ children }: { children: ReactNode }) {
  return <LanguageProvider language={useLanguage()}>{children}</LanguageProvider>;
}

export function LanguageProvider({ language, children }: { language: DisplayLanguage; children: ReactNode }) {
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
  return (
    <IntlProvider locale={intlLocaleOf(language)} messages={catalogOf(language)} defaultLocale="en" onError={reportMissing}>
      {children}
    </IntlProvider>
  );
}

/** A missing message cannot reach a release (catalogs.test.ts); during development it is said loudly. */
function reportMissing(error: Error): void {
  console.error(error.message);
}
