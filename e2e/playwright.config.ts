import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './find-chromium.js';

export default defineConfig({
  testDir: '.',
  testMatch: /.*\.e2e\.ts$/,
  // Several people may run the suite at once on one machine; each can pick its own folder.
  outputDir: process.env.E2E_OUTPUT_DIR ?? '../test-results/e2e',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  workers: 2,
  // CI gives a test that failed once one more run; the list reporter still names it "flaky", to be fixed, not ignored.
  retries: process.env.CI ? 1 : 0,
  fullyParallel: true,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    browserName: 'chromium',
    viewport: { width: 1280, height: 800 },
    launchOptions: { executablePath: findChromium(), args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
