/**
 * The receipt's words in the customer's language, which may not be the screen's. The
 * renderer never parses a message (its catalogs arrive compiled, one language on demand),
 * so the customer's catalog is loaded like the screen's and formatted by its own intl
 * object; until it is in, nothing is shown rather than words in the wrong language.
 */
import { useEffect, useMemo, useState } from 'react';
import { createIntl } from 'react-intl';
import type { CompiledCatalog } from '../../../shared/i18n/compile.js';
import { intlLocaleOf, type Language } from '../../../shared/i18n/languages.js';
import type { Translate } from '../../../shared/i18n/translate.js';
import { loadCatalog, loadedCatalog } from '../i18n/catalogs.js';

export function useCustomerWords(language: Language): Translate | null {
  const [messages, setMessages] = useState<{ language: Language; catalog: CompiledCatalog } | null>(() => {
    const catalog = loadedCatalog(language);
    return catalog ? { language, catalog } : null;
  });
  useEffect(() => {
    let current = true;
    loadCatalog(language).then(
      (catalog) => current && setMessages({ language, catalog }),
      (error: unknown) => console.error(`the ${language} catalog could not be loaded: ${String(error)}`),
    );
    return () => {
      current = false;
    };
  }, [language]);
  return useMemo(() => {
    if (!messages || messages.language !== language) return null;
    const intl = createIntl({ locale: intlLocaleOf(language), messages: messages.catalog, defaultLocale: 'en' });
    return (id, values) => intl.formatMessage({ id }, values);
  }, [messages, language]);
}
