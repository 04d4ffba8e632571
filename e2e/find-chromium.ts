/** Finds a Chromium to drive: $CHROMIUM_PATH, Debian's, or Playwright's own; otherwise says what to install. */
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

export function findChromium(): string {
  const candidates = [
    process.env.CHROMIUM_PATH,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
    safe(() => chromium.executablePath()),
  ].filter((p): p is string => !!p);
  const found = candidates.find((p) => existsSync(p));
  if (found) return found;
  throw new Error(
    'No Chromium found for the end-to-end tests. On Debian/Ubuntu run: sudo apt-get install -y chromium ' +
      '(it installs /usr/bin/chromium), or set CHROMIUM_PATH to a Chromium or Chrome binary.',
  );
}

function safe(fn: () => string): string | undefined {
  try {
    return fn();
  } catch {
    return undefined;
  }
}

/** Flags for a closed network: no background calls home, no sandbox as root. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
