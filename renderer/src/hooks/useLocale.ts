import { intlLocaleOf } from '../../../shared/i18n/languages.js';
import { useLanguage } from '../i18n/language.js';

/** The locale of every amount, date and time on screen: the screen language's. */
export function useLocale(): string {
  return intlLocaleOf(useLanguage());
}
