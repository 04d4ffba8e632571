/**
 * The packaged-shape check: the real Electron app (dist/electron/main.cjs with
 * its preload, app:// protocol and the core) driven through Playwright's
 * _electron. `npm run test:electron` builds first. It needs the Electron
 * binary (`node node_modules/electron/install.js`, which downloads it) and, on
 * a Linux machine without a display, `xvfb-run npm run test:electron`; without
 * the binary every test is skipped with that instruction.
 */
import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: '.',
  testMatch: /electron\.spec\.ts$/,
  outputDir: '../test-results/electron',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  // One app at a time: each launch boots its own core and embedded sandbox.
  workers: 1,
  fullyParallel: false,
  reporter: [['list']],
});
