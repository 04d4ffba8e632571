/**
 * `npm start`: build, then open the desktop app. Where the Electron binary is
 * missing (no network at install time) it says in one line what to run instead
 * and exits non-zero, before building anything and without a stack trace.
 */
import { spawnSync } from 'node:child_process';
import { installedElectronBinary, NO_ELECTRON_LINE } from './electron-binary.js';

const binary = installedElectronBinary();
if (!binary) {
  console.error(NO_ELECTRON_LINE);
  process.exit(1);
}
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const built = spawnSync(npm, ['run', 'build'], { stdio: 'inherit', shell: process.platform === 'win32' });
if (built.status !== 0) process.exit(built.status ?? 1);
const app = spawnSync(binary, ['.', ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(app.status ?? 1);
