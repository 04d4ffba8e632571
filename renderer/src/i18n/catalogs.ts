/**
 * The screen language's compiled catalog, fetched when that language is first
 * shown: the counter's first load carries no language, and a register that
 * never switches never downloads the other four (or the pseudo-locale).
 * Each import names its module in full so the build makes one file per language.
 */
import type { CompiledCatalog } from '../../../shared/i18n/compile.js';
import type { DisplayLanguage } from '../../../shared/i18n/languages.js';

type Loader = () => Promise<{ default: CompiledCatalog }>;

const LOADERS: Record<DisplayLanguage, Loader> = {
  fr: () => import('virtual:counterpay-catalog/fr'),
  en: () => import('virtual:counterpay-catalog/en'),
  it: () => import('virtual:counterpay-catalog/it'),
  de: () => import('virtual:counterpay-catalog/de'),
  es: () => import('virtual:counterpay-catalog/es'),
  'en-XA': () => import('virtual:counterpay-catalog/en-XA'),
};

const loaded = new Map<DisplayLanguage, CompiledCatalog>();
const pending = new Map<DisplayLanguage, Promise<CompiledCatalog>>();

/** The catalog if it has already arrived, so a language seen before switches back without a blank frame. */
export function loadedCatalog(language: DisplayLanguage): CompiledCatalog | undefined {
  return loaded.get(language);
}

export function loadCatalog(language: DisplayLanguage): Promise<CompiledCatalog> {
  let p = pending.get(language);
  if (!p) {
    p = LOADERS[language]().then((m) => {
      loaded.set(language, m.default);
      return m.default;
    });
    // A failed fetch may be retried by the next render rather than stay failed for the day.
    p.catch(() => pending.delete(language));
    pending.set(language, p);
  }
  return p;
}
