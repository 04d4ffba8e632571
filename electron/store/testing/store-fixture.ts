/** One real throwaway PostgreSQL per test file, and registers' connections to fresh stores on it. */
import { after, before } from 'node:test';
import { ManualClock } from '../../../shared/clock.js';
import { StoreConnection } from '../connection.js';
import { startLocalCluster, type LocalCluster } from '../local-cluster.js';

export interface StoreFixture {
  cluster(): LocalCluster;
  /** A new empty database on the cluster, returned as its superuser URL. */
  freshDatabase(): string;
  connect(url: string, registerId: string, registerName: string): Promise<StoreConnection>;
  /** The store's clock cannot be moved by a test: its leases are aged instead, as if that much store time had passed. */
  ageLeases(url: string, ms: number): void;
}

export function useStoreCluster(): StoreFixture {
  let cluster: LocalCluster | null = null;
  let n = 0;
  const open: StoreConnection[] = [];
  before(async () => { cluster = await startLocalCluster(); });
  after(async () => {
    await Promise.all(open.map((c) => c.close()));
    await cluster?.destroy();
  });
  const get = () => {
    if (!cluster) throw new Error('cluster not started');
    return cluster;
  };
  return {
    cluster: get,
    freshDatabase() {
      const name = `store_${process.pid}_${n++}`;
      get().psql(`CREATE DATABASE ${name}`);
      return get().url(name);
    },
    async connect(url, registerId, registerName) {
      const c = await StoreConnection.open({ url, registerId, registerName, connectTimeoutMs: 2_000 });
      open.push(c);
      return c;
    },
    ageLeases(url, ms) {
      get().psql(`UPDATE terminal_leases SET expires_at = expires_at - ${Math.round(ms)} * interval '1 millisecond'`, new URL(url).pathname.slice(1));
    },
  };
}

/** Registers' clocks in these tests: frozen, same start, advanced by hand. */
export const storeClock = (): ManualClock => new ManualClock({ start: new Date(2026, 3, 1, 10, 0, 0).getTime(), frozen: true });

