/**
 * What every store-mode e2e file needs around its tests: one real PostgreSQL per file, and per
 * test a fresh shop database, a standalone sandbox bank and the harnesses it started, killed
 * afterwards (a register that died on its own is the bug: its last words go with the failure).
 * Calling it registers the file's hooks.
 */
import { test } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { startLocalCluster, type LocalCluster } from '../../electron/store/local-cluster.js';
import { Bank } from './bank.js';
import { kill, startHarness, startSandboxProcess, type Harness, type Running } from './processes.js';

export interface StoreShop {
  readonly cluster: LocalCluster;
  readonly bank: Bank;
  /** The shop's store URL for the next register started (a test may point it elsewhere). */
  storeUrl: string;
  register(name: string, opts?: { dataDir?: string; clockOffsetMs?: number }): Promise<Harness>;
  /** SQL in the shop's database, as its superuser. */
  sql(q: string): string;
}

export function useStoreShop(): StoreShop {
  let cluster: LocalCluster | null = null;
  let sandbox: Running | null = null;
  let bank: Bank | null = null;
  let running: Harness[] = [];
  const must = <T>(x: T | null, what: string): T => {
    if (x === null) throw new Error(`${what} not started (the hooks run before the tests)`);
    return x;
  };
  const shop: StoreShop = {
    get cluster() { return must(cluster, 'the store cluster'); },
    get bank() { return must(bank, 'the sandbox bank'); },
    storeUrl: '',
    async register(name, opts = {}) {
      const h = await startHarness({
        apiBaseUrl: must(sandbox, 'the sandbox').url, store: { url: shop.storeUrl, registerName: name },
        ...(opts.dataDir ? { dataDir: opts.dataDir } : {}), ...(opts.clockOffsetMs ? { clockOffsetMs: opts.clockOffsetMs } : {}),
      });
      running.push(h);
      return h;
    },
    sql: (q) => shop.cluster.psql(q, new URL(shop.storeUrl).pathname.slice(1)).trim(),
  };
  test.beforeAll(async () => { cluster = await startLocalCluster(); });
  test.afterAll(async () => { await cluster?.destroy(); });
  test.beforeEach(async () => {
    const db = `shop_${randomUUID().slice(0, 8)}`;
    shop.cluster.psql(`CREATE DATABASE ${db}`);
    shop.storeUrl = shop.cluster.url(db);
    sandbox = await startSandboxProcess();
    bank = new Bank(sandbox.url);
  });
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures from the first parameter
  test.afterEach(async ({}, info) => {
    if (info.status !== info.expectedStatus) for (const h of running) await info.attach(`harness ${h.url}`, { body: h.output().slice(-4000) });
    for (const h of running) await kill(h);
    running = [];
    if (sandbox) await kill(sandbox);
  });
  return shop;
}
