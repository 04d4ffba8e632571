// Bundles the Electron main process and the preload into dist/electron/.
// Both are CommonJS: Electron loads main.cjs from package.json "main", and a
// sandboxed preload cannot use ESM or require anything but a few built-ins,
// so it must be ONE file whose only external is 'electron' (checked below).
import { build } from 'esbuild';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outdir = join(root, 'dist', 'electron');
// `--production` (npm run dist, dist:check) minifies: the installed main bundle is
// parsed at every start of the till.
const production = process.env.NODE_ENV === 'production' || process.argv.includes('--production');

const common = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  external: ['electron'],
  sourcemap: true,
  // Keeps class/function names in stack traces of the journal and API errors.
  keepNames: true,
  minify: production,
  logLevel: 'warning',
  absWorkingDir: root,
};

const bundles = [
  { entryPoints: ['electron/shell/main.ts'], outfile: join(outdir, 'main.cjs') },
  { entryPoints: ['electron/preload/preload.ts'], outfile: join(outdir, 'preload.cjs') },
];

async function assertPreloadIsSelfContained(file) {
  const code = await readFile(file, 'utf8');
  const required = [...code.matchAll(/\brequire\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1]);
  const foreign = [...new Set(required)].filter((name) => name !== 'electron');
  if (foreign.length > 0) {
    throw new Error(`preload.cjs requires ${foreign.join(', ')}: a sandboxed preload may only require 'electron'`);
  }
}

try {
  const started = Date.now();
  await Promise.all(bundles.map((b) => build({ ...common, ...b })));
  await assertPreloadIsSelfContained(join(outdir, 'preload.cjs'));
  console.info(`built dist/electron/main.cjs and dist/electron/preload.cjs in ${Date.now() - started} ms`);
} catch (e) {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
}
