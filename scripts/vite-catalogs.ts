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
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { LANGUAGES, PSEUDO_LANGUAGE } from '../shared/i18n/languages.js';

export const CATALOG_MODULE = 'virtual:counterpay-catalog/';
const RESOLVED = `\0${CATALOG_MODULE}`;
const CATALOG_SOURCES = /\/shared\/i18n\/(catalogs\/|pseudo\.ts$)/;
const DISPLAY_LANGUAGES: readonly string[] = [...LANGUAGES, PSEUDO_LANGUAGE];
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const I18N = join(ROOT, 'shared', 'i18n');

/** Every source the compiled catalogs are made from: an edit to one rebuilds them under `vite build --watch`. */
function sourcesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return sourcesUnder(p);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [p] : [];
  });
}

/** language → its compiled catalog as JSON text, from a fresh process (scripts/compile-catalogs.ts). */
function compileAll(): Map<string, string> {
  const res = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts', 'compile-catalogs.ts')], {
    cwd: ROOT, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024,
  });
  // A broken message stops the build with its language and id, rather than reaching a screen as an error.
  if (res.status !== 0) throw new Error(`the message catalogs did not compile:\n${res.stderr || res.error?.message}`);
  const all = JSON.parse(res.stdout) as Record<string, unknown>;
  return new Map(Object.entries(all).map(([language, catalog]) => [language, JSON.stringify(catalog)]));
}

export function compiledCatalogs(): Plugin {
  let compiled: Map<string, string> | null = null;
  return {
    name: 'counterpay-compiled-catalogs',
    enforce: 'pre',
    config: () => ({
      resolve: {
        alias: [{ find: /^@formatjs\/icu-messageformat-parser$/, replacement: '@formatjs/icu-messageformat-parser/no-parser.js' }],
      },
    }),
    buildStart() {
      // Each build (and each rebuild under --watch) reads the catalogs afresh.
      compiled = null;
    },
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
      for (const file of sourcesUnder(I18N)) this.addWatchFile(file);
      compiled ??= compileAll();
      // JSON.parse of one string literal is read faster than the same object written as code.
      return `export default JSON.parse(${JSON.stringify(compiled.get(language))});`;
    },
  };
}
