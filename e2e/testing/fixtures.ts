/**
 * The set-up every end-to-end suite shares, as typed Playwright fixtures, so
 * a suite names what it needs and Playwright starts it, and stops it even
 * when the test fails:
 *  - harness: the real app behind the harness (English unless harnessOptions
 *    says otherwise), with bank: its embedded sandbox's test switches;
 *  - startHarness: more registers, or the same one again (restarts); each is
 *    killed after the test and its last output attached to a failure;
 *  - sandbox: a standalone sandbox bank process (sandboxOptions for a staging token);
 *  - store: one real PostgreSQL per worker, each test taking fresh databases;
 *  - counter: the page showing the harness's counter (its words loaded);
 *  - manager: the same page with the back office open, as a manager who has
 *    just signed in to the register on its first run (no PIN set yet).
 */
import { test as base, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { startLocalCluster, type LocalCluster } from '../../electron/store/local-cluster.js';
import { Bank } from './bank.js';
import { kill, startHarness, startSandboxProcess, type Harness, type HarnessOptions, type Running } from './processes.js';

export { expect, type BrowserContext, type Locator, type Page, type Response, type TestInfo } from '@playwright/test';

export interface Sandbox extends Running {
  /** Its /__sandbox switches and its own record of what it was asked. */
  bank: Bank;
}

export interface Store {
  cluster: LocalCluster;
  /** A new empty database on the store's server; the name starts with `prefix`. */
  database(prefix?: string): { name: string; url: string };
}

export interface Fixtures {
  /** How the `harness` fixture starts (test.use({ harnessOptions: { role: 'employee' } })). */
  harnessOptions: HarnessOptions;
  sandboxOptions: { stagingToken?: string };
  startHarness: (opts?: HarnessOptions) => Promise<Harness>;
  harness: Harness;
  bank: Bank;
  sandbox: Sandbox;
  counter: Page;
  manager: Page;
}

export const test = base.extend<Fixtures, { store: Store }>({
  harnessOptions: [{}, { option: true }],
  sandboxOptions: [{}, { option: true }],

  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture needs from its first parameter
  startHarness: async ({}, use, info) => {
    const started: Harness[] = [];
    await use(async (opts) => {
      const h = await startHarness(opts);
      started.push(h);
      return h;
    });
    // A register that died on its own is the bug: its last words go with the failure.
    if (info.status !== info.expectedStatus) {
      for (const h of started) await info.attach(`harness ${h.url}`, { body: h.output().slice(-4000) });
    }
    for (const h of started) await kill(h);
  },

  harness: async ({ startHarness: start, harnessOptions }, use) => {
    await use(await start(harnessOptions));
  },

  bank: async ({ harness }, use) => {
    await use(new Bank(harness.bankUrl));
  },

  sandbox: async ({ sandboxOptions }, use) => {
    const running = await startSandboxProcess(sandboxOptions);
    try {
      await use({ ...running, bank: new Bank(running.url) });
    } finally {
      await kill(running);
    }
  },

  store: [
    // eslint-disable-next-line no-empty-pattern -- as above: the store needs no other fixture
    async ({}, use) => {
      const cluster = await startLocalCluster();
      try {
        await use({
          cluster,
          database: (prefix = 'shop') => {
            const name = `${prefix}_${randomUUID().slice(0, 8)}`;
            cluster.psql(`CREATE DATABASE ${name}`);
            return { name, url: cluster.url(name) };
          },
        });
      } finally {
        await cluster.destroy();
      }
    },
    { scope: 'worker' },
  ],

  counter: async ({ page, harness }, use) => {
    await page.goto(harness.url);
    // The screens appear once the language's catalog has arrived, after the page's load event.
    await page.locator('.app').waitFor();
    await use(page);
  },

  manager: async ({ counter }, use) => {
    await counter.getByRole('button', { name: 'Back office' }).click();
    await use(counter);
  },
});
