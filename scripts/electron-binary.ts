/**
 * Where `require('electron')` would point, WITHOUT requiring it: electron's
 * index.js starts a download when the binary is missing, which must never
 * happen from a test run or from `npm start` on a machine without network.
 * Mirrors index.js, including ELECTRON_OVERRIDE_DIST_PATH.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export function installedElectronBinary(env: NodeJS.ProcessEnv = process.env): string | null {
  const pkgDir = dirname(createRequire(import.meta.url).resolve('electron/package.json'));
  const pathFile = join(pkgDir, 'path.txt');
  const relative = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : null;
  const override = env.ELECTRON_OVERRIDE_DIST_PATH;
  const binary = override ? join(override, relative ?? 'electron') : relative ? join(pkgDir, 'dist', relative) : null;
  return binary && existsSync(binary) ? binary : null;
}

/** The one line `npm start` and `npm run dev` print where Electron cannot run. */
export const NO_ELECTRON_LINE =
  'Counterpay cannot open as a desktop app here: the Electron binary is not installed. Run the same app in a browser instead: npm run harness -- --port 5174';
