/** The build's catalog modules: one per language on screen, data only, and a clear refusal for any other name. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compiledCatalogs, CATALOG_MODULE } from './vite-catalogs.js';
import { en } from '../shared/i18n/catalogs/en.js';

type Hook = (this: unknown, ...args: string[]) => unknown;
const plugin = compiledCatalogs();
const resolveId = plugin.resolveId as unknown as Hook;
const watched: string[] = [];
const context = { addWatchFile: (file: string) => void watched.push(file) };
const load = (id: string) => (plugin.load as unknown as Hook).call(context, id);

test('each language is a module whose default export is its compiled catalog', () => {
  for (const language of ['fr', 'en', 'it', 'de', 'es', 'en-XA']) {
    const id = resolveId.call({}, `${CATALOG_MODULE}${language}`) as string;
    const code = load(id) as string;
    const json = /^export default JSON\.parse\((".*")\);$/s.exec(code)?.[1];
    assert.ok(json, `${language}: ${code.slice(0, 80)}`);
    const catalog = JSON.parse(JSON.parse(json) as string) as Record<string, unknown>;
    assert.deepEqual(Object.keys(catalog).sort(), Object.keys(en).sort(), language);
    assert.ok(Array.isArray(catalog['nav.counter']), language);
  }
  // An edited message rebuilds its catalog under vite build --watch.
  assert.ok(watched.some((f) => f.endsWith('/shared/i18n/catalogs/fr.ts')));
  assert.ok(watched.some((f) => f.endsWith('/shared/i18n/catalogs/office/de.ts')));
  assert.ok(watched.some((f) => f.endsWith('/shared/i18n/pseudo.ts')));
});

test('a language Counterpay does not speak is refused by name; other modules are left alone', () => {
  assert.throws(() => load(resolveId.call({}, `${CATALOG_MODULE}pt`) as string), /no catalog for the language "pt"/);
  assert.equal(resolveId.call({}, 'react'), null);
  assert.equal(load('/work/renderer/src/App.tsx'), null);
});
