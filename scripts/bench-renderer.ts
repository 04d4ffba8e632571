/**
 * npm run bench, the renderer's figures: what the counter downloads before it
 * can show (the entry script, the modules index.html preloads with it, its
 * styles; then the screen language's catalog, fetched once the app knows the
 * language), gzipped, beside what it weighed before the FormatJS copies were
 * deduplicated, the messages precompiled and the back office and languages
 * loaded on demand; and how
 * long after navigation the first Charge button is visible, in Chromium
 * against the harness's real core. The build goes to a folder of its own so
 * dist/renderer (the harness's, the e2e suites') is left alone.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { build } from 'vite';
import { ManualClock } from '../shared/clock.js';
import { CATALOGS } from '../shared/i18n/catalogs/index.js';
import { LANGUAGES } from '../shared/i18n/languages.js';
import { bootCore } from '../electron/core/boot.js';
import { createLogger } from '../electron/log.js';
import { startSandbox } from '../electron/sandbox/index.js';
import { startHarnessServer } from '../harness/server/server.js';
import { CHROMIUM_ARGS, findChromium } from '../e2e/find-chromium.js';

/**
 * The counter's first load before this work (commit db78724), measured as firstLoadOf measures it:
 * the one 228 kB script carrying every language, three ICU parsers and the back office, and 6 kB of styles.
 */
export const FIRST_LOAD_BEFORE_KB = 234.2;
export const FIRST_LOAD_TARGET_KB = 150;

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const kB = (bytes: number) => bytes / 1000;

export interface FirstLoad {
  files: string[];
  gzipBytes: number;
  /** The language chunk the counter then fetches, per language: name → gzipped bytes. */
  catalogs: Record<string, number>;
}

/** index.html's own references: its module script, the modules it preloads, its style sheets. */
export function firstLoadOf(dir: string): FirstLoad {
  const html = readFileSync(join(dir, 'index.html'), 'utf8');
  const refs = [
    ...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]+rel="(?:modulepreload|stylesheet)"[^>]+href="([^"]+)"/g),
  ].map((m) => m[1]!.replace(/^\.\//, ''));
  const gz = (file: string) => gzipSync(readFileSync(join(dir, file))).length;
  const catalogs: Record<string, number> = {};
  for (const name of readdirSync(join(dir, 'assets'))) {
    const language = /^(fr|en|it|de|es|en-XA)-[\w-]{8}\.js$/.exec(name)?.[1];
    if (language) catalogs[language] = gz(join('assets', name));
  }
  return { files: refs, gzipBytes: refs.reduce((n, f) => n + gz(f), 0), catalogs };
}

async function buildRenderer(outDir: string): Promise<void> {
  await build({ configFile: join(ROOT, 'vite.config.ts'), logLevel: 'silent', build: { outDir, emptyOutDir: true } });
}

/** Navigation → the first Charge button visible, in a fresh browser context each run (nothing cached). */
export async function timeToCharge(rendererDir: string, runs: number): Promise<number[]> {
  const clock = new ManualClock();
  const sandbox = await startSandbox({ clock });
  const dataDir = mkdtempSync(join(tmpdir(), 'counterpay-bench-renderer-'));
  const booted = await bootCore({ dataDir, logger: createLogger(() => undefined), clock, apiBaseUrl: sandbox.url, holder: 'npm run bench' });
  const harness = await startHarnessServer({ core: booted.core, rendererDir });
  const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
  // Whatever language the training shop resolves to, its Charge button is found by its own words.
  const label = new RegExp(`^(${LANGUAGES.map((l) => CATALOGS[l]['charge.label']).join('|')})$`);
  const times: number[] = [];
  try {
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const t0 = performance.now();
      await page.goto(harness.url);
      await page.getByRole('button', { name: label }).first().waitFor({ state: 'visible', timeout: 30_000 });
      times.push(performance.now() - t0);
      await context.close();
    }
  } finally {
    await browser.close();
    await harness.close();
    await booted.close();
    await sandbox.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return times.sort((a, b) => a - b);
}

/** The renderer's lines for npm run bench; `say` prints one figure with the machine's load. */
export async function benchRenderer(say: (line: string) => void, runs = Number(process.env.BENCH_RENDERER_RUNS ?? 15)): Promise<void> {
  const out = mkdtempSync(join(tmpdir(), 'counterpay-bench-renderer-build-'));
  try {
    await buildRenderer(out);
    const load = firstLoadOf(out);
    const verdict = kB(load.gzipBytes) <= FIRST_LOAD_TARGET_KB ? 'within' : 'OVER';
    say(`counter first load (entry script, preloads, styles; ${load.files.length} files): ${kB(load.gzipBytes).toFixed(1)} kB gzipped, was ${FIRST_LOAD_BEFORE_KB} kB, its script alone 228 kB (target ≤ ${FIRST_LOAD_TARGET_KB} kB: ${verdict})`);
    const langs = Object.entries(load.catalogs).map(([l, b]) => `${l} ${kB(b).toFixed(1)}`).join(', ');
    say(`then the screen language's catalog, one of (kB gzipped): ${langs}`);
    const t = await timeToCharge(out, runs);
    const at = (p: number) => t[Math.min(t.length - 1, Math.floor(t.length * p))]!.toFixed(0);
    say(`first Charge button visible after navigation (Chromium, harness, fresh context), ${runs} runs: p50 ${at(0.5)} ms, p95 ${at(0.95)} ms`);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}
