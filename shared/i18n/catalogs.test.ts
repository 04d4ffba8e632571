/**
 * The catalogs stay complete and tidy: every language has exactly the English
 * ids, each message is valid ICU with the same arguments as English, and no
 * message is kept that no code uses.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { CATALOGS, catalogOf } from './catalogs/index.js';
import { en, EN_PARTS } from './catalogs/en.js';
import { LANGUAGES, PSEUDO_LANGUAGE } from './languages.js';
import { translator } from './translate.js';

function argumentsOf(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const el of elements) {
    if (el.type === TYPE.literal || el.type === TYPE.pound) continue;
    into.add(el.value);
    if (el.type === TYPE.plural || el.type === TYPE.select) for (const o of Object.values(el.options)) argumentsOf(o.value, into);
    if (el.type === TYPE.tag) argumentsOf(el.children, into);
  }
  return into;
}

const ids = Object.keys(en);

describe('message catalogs', () => {
  it('no two areas define the same id (a spread would hide one)', () => {
    const seen = new Map<string, string>();
    const clashes: string[] = [];
    for (const [area, part] of Object.entries(EN_PARTS)) {
      for (const id of Object.keys(part)) {
        const first = seen.get(id);
        if (first) clashes.push(`${id} in ${first} and ${area}`);
        else seen.set(id, area);
      }
    }
    assert.deepEqual(clashes, []);
  });

  for (const language of LANGUAGES) {
    it(`${language} has exactly the English message ids`, () => {
      const own = Object.keys(CATALOGS[language]);
      assert.deepEqual(ids.filter((id) => !own.includes(id)), [], `${language} lacks these messages`);
      assert.deepEqual(own.filter((id) => !ids.includes(id)), [], `${language} keeps messages English does not have`);
    });

    it(`${language} messages are valid ICU with the English arguments`, () => {
      for (const id of ids) {
        const message = CATALOGS[language][id as keyof typeof en];
        assert.ok(message.trim().length > 0, `${language} ${id} is empty`);
        const args = [...argumentsOf(parse(message))].sort();
        assert.deepEqual(args, [...argumentsOf(parse(en[id as keyof typeof en]))].sort(), `${language} ${id} arguments differ`);
      }
    });
  }

  it('every message is used by some code', () => {
    const sources: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const p = join(dir, name);
        if (statSync(p).isDirectory()) {
          if (name !== 'catalogs' && name !== 'node_modules') walk(p);
        } else if (/\.tsx?$/.test(name) && !name.endsWith('.test.ts')) sources.push(readFileSync(p, 'utf8'));
      }
    };
    for (const root of ['renderer/src', 'shared', 'electron']) walk(root);
    const code = sources.join('\n');
    // A message named from a code, checked by the compiler (`store.problem.${code}` satisfies MessageId), counts as used by its prefix.
    const prefixes = [...code.matchAll(/`([a-z][A-Za-z_.]*\.)\$\{\w+\}`\s+satisfies MessageId/g)].map((m) => m[1]!);
    const unused = ids.filter((id) => !code.includes(`'${id}'`) && !prefixes.some((p) => id.startsWith(p)));
    assert.deepEqual(unused, [], 'messages no code uses: remove them from every catalog');
  });

  it('formats amounts, plurals and dates in each language', () => {
    assert.equal(translator('en')('pager.status', { page: 1, total: 1200 }), 'Page 1 of 1,200');
    assert.equal(translator('fr')('pager.status', { page: 1, total: 1200 }).replace(/\s/g, ' '), 'Page 1 sur 1 200');
    assert.equal(translator('de')('pager.status', { page: 1, total: 1200 }), 'Seite 1 von 1.200');
    assert.match(translator('it')('deprecations.sunset', { date: Date.UTC(2027, 0, 31, 12) }), /31 gennaio 2027/);
    assert.match(translator('es')('deprecations.title', { count: 2 }), /retirar 2 servicios/);
    assert.match(translator('es')('deprecations.title', { count: 1 }), /retirar un servicio/);
  });

  it('the pseudo-locale is longer, keeps arguments working and marks every message', () => {
    const pseudo = catalogOf(PSEUDO_LANGUAGE);
    for (const id of ids) {
      const m = pseudo[id as keyof typeof en];
      assert.ok(m.startsWith('⟦') && m.endsWith('⟧'), id);
    }
    const t = translator(PSEUDO_LANGUAGE);
    assert.match(t('deprecations.title', { count: 3 }), /^⟦.*3.*⟧$/);
    assert.ok(t('nav.backoffice').length > en['nav.backoffice'].length * 1.3);
  });
});
