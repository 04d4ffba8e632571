/** Every catalog by language; the pseudo-locale is made from English when first asked for. */
import { PSEUDO_LANGUAGE, type DisplayLanguage, type Language } from '../languages.js';
import { pseudoCatalog } from '../pseudo.js';
import { de } from './de.js';
import { en, type Catalog } from './en.js';
import { es } from './es.js';
import { fr } from './fr.js';
import { it } from './it.js';

export const CATALOGS: Record<Language, Catalog> = { fr, en, it, de, es };

let pseudo: Catalog | null = null;

export function catalogOf(language: DisplayLanguage): Catalog {
  if (language !== PSEUDO_LANGUAGE) return CATALOGS[language];
  pseudo ??= pseudoCatalog(en);
  return pseudo;
}
