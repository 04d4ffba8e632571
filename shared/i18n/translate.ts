/**
 * One translator outside React (the main process's sign-in pages, tests):
 * the same catalogs and ICU runtime as react-intl, which parses messages
 * into data and never evaluates code, so it runs under the strict CSP.
 */
import { IntlMessageFormat } from 'intl-messageformat';
import { catalogOf } from './catalogs/index.js';
import type { MessageId } from './catalogs/en.js';
import { intlLocaleOf, type DisplayLanguage } from './languages.js';

export type MessageValues = Record<string, string | number | Date>;
export type Translate = (id: MessageId, values?: MessageValues) => string;

export function translator(language: DisplayLanguage): Translate {
  const catalog = catalogOf(language);
  const locale = intlLocaleOf(language);
  const cache = new Map<MessageId, IntlMessageFormat>();
  return (id, values) => {
    let format = cache.get(id);
    if (!format) {
      format = new IntlMessageFormat(catalog[id], locale);
      cache.set(id, format);
    }
    return String(format.format(values));
  };
}

/** A message not yet worded: logic that runs outside a screen (stores, rules) returns these. A value may itself be words. */
export interface Words {
  id: MessageId;
  values?: Record<string, string | number | Date | Words>;
}

const isWords = (v: unknown): v is Words => typeof v === 'object' && v !== null && !(v instanceof Date) && 'id' in v;

export function say(t: Translate, w: Words): string {
  const values: MessageValues = {};
  for (const [k, v] of Object.entries(w.values ?? {})) values[k] = isWords(v) ? say(t, v) : v;
  return t(w.id, values);
}
