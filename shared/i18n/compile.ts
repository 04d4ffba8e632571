/**
 * The catalogs compiled ahead of time: each message becomes the ICU syntax
 * tree react-intl formats directly, so the renderer ships no message parser
 * and parses nothing while the counter starts. The build (scripts/vite-catalogs.ts)
 * calls this; the trees come from the same IntlMessageFormat the main process
 * parses with at run time, so both read every message alike.
 */
import { IntlMessageFormat } from 'intl-messageformat';
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { catalogOf } from './catalogs/index.js';
import type { MessageId } from './catalogs/en.js';
import { intlLocaleOf, type DisplayLanguage } from './languages.js';

export type CompiledCatalog = Record<MessageId, MessageFormatElement[]>;

export function compileCatalog(language: DisplayLanguage): CompiledCatalog {
  const locale = intlLocaleOf(language);
  const catalog = catalogOf(language);
  const compiled: Partial<CompiledCatalog> = {};
  for (const id of Object.keys(catalog) as MessageId[]) {
    try {
      compiled[id] = new IntlMessageFormat(catalog[id], locale).getAst();
    } catch (error) {
      // A broken message stops the build with its id, rather than reaching a screen as an error.
      throw new Error(`${language} message ${id} is not valid ICU: ${(error as Error).message}`);
    }
  }
  return compiled as CompiledCatalog;
}
