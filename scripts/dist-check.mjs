// `npm run dist:check`: packaging proven without the network. Builds the production
// bundles, runs electron-builder with the real config against a stand-in Electron
// for the two targets that need no download (the unpacked directory, and a tar.gz
// through Debian's 7-Zip), then inspects what a shop would install: the asar holds
// exactly the bundles, the fuses read back as configured, the main bundle is
// minified, the package declares its license. Any difference fails CI.
import asar from '@electron/asar';
import { getCurrentFuseWire } from '@electron/fuses';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeStandInElectron } from './stand-in-electron.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const config = join(root, 'build', 'electron-builder.yml');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const electronVersion = JSON.parse(readFileSync(join(root, 'node_modules', 'electron', 'package.json'), 'utf8')).version;
const FUSE_ORDER = ['runAsNode', 'enableCookieEncryption', 'enableNodeOptionsEnvironmentVariable', 'enableNodeCliInspectArguments',
  'enableEmbeddedAsarIntegrityValidation', 'onlyLoadAppFromAsar', 'loadBrowserProcessSpecificV8Snapshot', 'grantFileProtocolExtraPrivileges'];
const problems = [];
const check = (ok, message) => { if (!ok) problems.push(message); };

function sh(cmd, args, env = {}) {
  const res = spawnSync(cmd, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8', env: { ...process.env, ...env } });
  if (res.status !== 0) {
    console.error(`${cmd} ${args.join(' ')} failed:\n${res.stdout}\n${res.stderr}`);
    process.exit(1);
  }
  return res.stdout;
}

function sevenZip() {
  for (const p of [process.env.ELECTRON_BUILDER_7ZIP_PATH, '/usr/bin/7zz', '/usr/bin/7z']) if (p && existsSync(p)) return p;
  console.error('dist:check: Debian 7-Zip is missing (apt-get install 7zip); .ci/run installs it');
  process.exit(1);
}

/** The electronFuses block of the builder config, as name → boolean. */
function configuredFuses() {
  const block = /^electronFuses:\n((?:[ \t]+.*\n)+)/m.exec(readFileSync(config, 'utf8'))?.[1] ?? '';
  return Object.fromEntries([...block.matchAll(/^\s+(\w+):\s*(true|false)\s*$/gm)].map((m) => [m[1], m[2] === 'true']));
}

const filesUnder = (dir) => readdirSync(dir, { recursive: true }).map(String).filter((f) => statSync(join(dir, f)).isFile());
const sha256 = (buf) => createHash('sha256').update(buf).digest('hex');

const started = Date.now();
const work = mkdtempSync(join(tmpdir(), 'counterpay-dist-check-'));
try {
  sh('npx', ['vite', 'build', '--logLevel', 'warn']);
  sh(process.execPath, ['scripts/build-electron.mjs', '--production']);
  const standIn = join(work, 'electron');
  writeStandInElectron(standIn, electronVersion);
  const out = join(work, 'out');
  sh(join(root, 'node_modules', '.bin', 'electron-builder'), ['--config', config, '--linux', 'dir', 'tar.gz', '--publish', 'never',
    `-c.electronDist=${standIn}`, `-c.electronVersion=${electronVersion}`, `-c.directories.output=${out}`], { ELECTRON_BUILDER_7ZIP_PATH: sevenZip() });

  // 1. The asar holds exactly the main bundle, the preload and the renderer's files.
  const appAsar = join(out, 'linux-unpacked', 'resources', 'app.asar');
  const packed = asar.listPackage(appAsar, { isPack: false }).map((p) => p.replace(/\\/g, '/').replace(/^\//, ''))
    .filter((p) => !asar.statFile(appAsar, p).files);
  const renderer = filesUnder(join(root, 'dist', 'renderer')).filter((f) => !f.endsWith('.map')).map((f) => `dist/renderer/${f.replace(/\\/g, '/')}`);
  const expected = ['package.json', 'dist/electron/main.cjs', 'dist/electron/preload.cjs', ...renderer].sort();
  check(JSON.stringify(packed.sort()) === JSON.stringify(expected),
    `app.asar should hold exactly ${expected.join(', ')}\n  but holds ${packed.join(', ')}`);
  for (const p of packed) check(!/\.map$|\.ts$|\.test\.|harness|test-support|testing\/|node_modules/.test(p), `app.asar holds ${p}, which must not ship`);

  // 2. The fuses read back from the packaged executable as the config sets them.
  const wire = await getCurrentFuseWire(join(out, 'linux-unpacked', 'counterpay'));
  const fuses = configuredFuses();
  check(Object.keys(fuses).length === FUSE_ORDER.length, `electronFuses should set all ${FUSE_ORDER.length} fuses, sets ${Object.keys(fuses).join(', ')}`);
  FUSE_ORDER.forEach((name, i) => {
    const got = wire[i] === 49 ? true : wire[i] === 48 ? false : `byte ${wire[i]}`;
    check(got === fuses[name], `fuse ${name} reads back ${got}, configured ${fuses[name]}`);
  });

  // 3. The main bundle is minified, and the package says what it is.
  const main = asar.extractFile(appAsar, 'dist/electron/main.cjs');
  const lines = main.toString('utf8').split('\n').length;
  check(main.length / lines > 2000, `main.cjs looks unminified: ${main.length} bytes on ${lines} lines`);
  const packagedPkg = JSON.parse(asar.extractFile(appAsar, 'package.json').toString('utf8'));
  check(typeof packagedPkg.license === 'string' && packagedPkg.license !== '' && packagedPkg.license !== 'unknown', `package.json license is ${JSON.stringify(packagedPkg.license)}`);
  check(packagedPkg.version === pkg.version && packagedPkg.main === 'dist/electron/main.cjs', 'packaged package.json lost its version or main');
  check(packagedPkg.devDependencies === undefined, 'packaged package.json still lists devDependencies');

  // Chromium's sandbox stays on: neither the builder config nor the main process may turn it off.
  check(!/no-sandbox/.test(readFileSync(config, 'utf8')), 'electron-builder.yml passes --no-sandbox');
  check(!main.toString('utf8').includes('no-sandbox'), 'main.cjs turns off the Chromium sandbox (no-sandbox)');

  // 4. The tar.gz ships the same app, the renamed executable and Chromium's sandbox helper.
  const tgz = join(out, `${pkg.name}-${pkg.version}.tar.gz`);
  const unpacked = join(work, 'tgz');
  sh('mkdir', ['-p', unpacked]);
  sh('tar', ['xzf', tgz, '-C', unpacked]);
  const top = join(unpacked, `${pkg.name}-${pkg.version}`);
  check(existsSync(join(top, 'counterpay')) && existsSync(join(top, 'chrome-sandbox')), 'tar.gz lacks the counterpay executable or chrome-sandbox');
  const tgzAsar = join(top, 'resources', 'app.asar');
  check(existsSync(tgzAsar) && sha256(readFileSync(tgzAsar)) === sha256(readFileSync(appAsar)), 'tar.gz app.asar differs from the directory build');

  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (problems.length > 0) {
    console.error(`dist:check FAILED (${seconds} s):\n- ${problems.join('\n- ')}`);
    process.exitCode = 1;
  } else {
    console.info(`dist:check passed in ${seconds} s: app.asar = ${packed.length} files (${relative(root, join(root, 'dist'))} bundles only), fuses as configured, main.cjs ${main.length} bytes minified, license ${packagedPkg.license}, tar.gz ${statSync(tgz).size} bytes`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
