/**
 * Vite plugin: the message catalogs, compiled to ICU syntax trees at build
 * time, one module per language (virtual:counterpay-catalog/<language>,
 * the pseudo-locale included), so the renderer loads only the language on
 * screen and never parses a message. The renderer's ICU parser import is
 * pointed at FormatJS's parser-free build: a message string reaching the
 * formatter at run time fails loudly instead of pulling the parser back in.
 * The catalog sources are declared free of side effects: they are plain data,
 * but built with object spreads, which a bundler must otherwise keep, and the
 * renderer's imports of shared/i18n/translate.ts (for say()) would drag all
 * five languages into the counter's first load.
 */
import type { Plugin } from 'vite';
import { compileCatalog } from '../shared/i18n/compile.js';
import { LANGUAGES, PSEUDO_LANGUAGE, type DisplayLanguage } from '../shared/i18n/languages.js';

export const CATALOG_MODULE = 'virtual:counterpay-catalog/';
const RESOLVED = `\0${CATALOG_MODULE}`;
const CATALOG_SOURCES = /\/shared\/i18n\/(catalogs\/|pseudo\.ts$)/;
const DISPLAY_LANGUAGES: readonly string[] = [...LANGUAGES, PSEUDO_LANGUAGE];

export function compiledCatalogs(): Plugin {
  return {
    name: 'counterpay-compiled-catalogs',
    enforce: 'pre',
    config: () => ({
      resolve: {
        alias: [{ find: /^@formatjs\/icu-messageformat-parser$/, replacement: '@formatjs/icu-messageformat-parser/no-parser.js' }],
      },
    }),
    resolveId(id) {
      return id.startsWith(CATALOG_MODULE) ? `\0${id}` : null;
    },
    transform(code, id) {
      return CATALOG_SOURCES.test(id) ? { code, map: null, moduleSideEffects: false } : null;
    },
    load(id) {
      if (!id.startsWith(RESOLVED)) return null;
      const language = id.slice(RESOLVED.length);
      if (!DISPLAY_LANGUAGES.includes(language)) throw new Error(`no catalog for the language "${language}"`);
      // JSON.parse of one string literal is read faster than the same object written as code.
      const json = JSON.stringify(compileCatalog(language as DisplayLanguage));
      return `export default JSON.parse(${JSON.stringify(json)});`;
    },
  };
}
