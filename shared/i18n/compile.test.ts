/**
 * The catalogs compiled at build time say exactly what the run-time parse
 * says: every language and the pseudo-locale, every message, with arguments,
 * plurals and the currency skeleton intact.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { IntlMessageFormat } from 'intl-messageformat';
import { compileCatalog } from './compile.js';
import { en, type MessageId } from './catalogs/en.js';
import { intlLocaleOf, LANGUAGES, PSEUDO_LANGUAGE, type DisplayLanguage } from './languages.js';
import { translator } from './translate.js';

const ALL: DisplayLanguage[] = [...LANGUAGES, PSEUDO_LANGUAGE];

const fromTree = (language: DisplayLanguage) => {
  const compiled = compileCatalog(language);
  return (id: MessageId, values?: Record<string, string | number | Date>) =>
    String(new IntlMessageFormat(compiled[id], intlLocaleOf(language)).format(values));
};

test('every language and the pseudo-locale compile to the English ids', () => {
  for (const language of ALL) {
    assert.deepEqual(Object.keys(compileCatalog(language)).sort(), Object.keys(en).sort(), language);
  }
});

test('a message without arguments reads the same compiled as parsed at run time', () => {
  for (const language of ALL) {
    const compiled = fromTree(language);
    const parsed = translator(language);
    for (const id of Object.keys(en) as MessageId[]) {
      if (en[id].includes('{')) continue;
      assert.equal(compiled(id), parsed(id), `${language} ${id}`);
    }
  }
});

test('arguments, plurals, dates and the currency skeleton survive compilation', () => {
  const samples: [MessageId, Record<string, string | number | Date>][] = [
    ['pager.status', { page: 2, total: 1200 }],
    ['deprecations.title', { count: 1 }],
    ['deprecations.title', { count: 3 }],
    ['deprecations.sunset', { date: Date.UTC(2027, 0, 31, 12) }],
    ['sale.amountTooSmall', { min: 0.5 }],
  ];
  for (const language of ALL) {
    for (const [id, values] of samples) assert.equal(fromTree(language)(id, values), translator(language)(id, values), `${language} ${id}`);
  }
  assert.equal(fromTree('en')('sale.amountTooSmall', { min: 0.5 }), 'The smallest amount a terminal accepts is €0.50.');
  assert.match(fromTree(PSEUDO_LANGUAGE)('deprecations.title', { count: 3 }), /^⟦.*3.*⟧$/);
});
