/** The build's catalog modules: one per language on screen, data only, and a clear refusal for any other name. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compiledCatalogs, CATALOG_MODULE } from './vite-catalogs.js';
import { en } from '../shared/i18n/catalogs/en.js';

type Hook = (this: unknown, ...args: string[]) => unknown;
const plugin = compiledCatalogs();
const resolveId = plugin.resolveId as Hook;
const load = plugin.load as Hook;

test('each language is a module whose default export is its compiled catalog', () => {
  for (const language of ['fr', 'en', 'it', 'de', 'es', 'en-XA']) {
    const id = resolveId.call({}, `${CATALOG_MODULE}${language}`) as string;
    const code = load.call({}, id) as string;
    const json = /^export default JSON\.parse\((".*")\);$/s.exec(code)?.[1];
    assert.ok(json, `${language}: ${code.slice(0, 80)}`);
    const catalog = JSON.parse(JSON.parse(json) as string) as Record<string, unknown>;
    assert.deepEqual(Object.keys(catalog).sort(), Object.keys(en).sort(), language);
    assert.ok(Array.isArray(catalog['nav.counter']), language);
  }
});

test('a language Counterpay does not speak is refused by name; other modules are left alone', () => {
  assert.throws(() => load.call({}, resolveId.call({}, `${CATALOG_MODULE}pt`) as string), /no catalog for the language "pt"/);
  assert.equal(resolveId.call({}, 'react'), null);
  assert.equal(load.call({}, '/work/renderer/src/App.tsx'), null);
});
