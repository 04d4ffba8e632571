import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { openFixture, SALE, type Fixture } from '../payments/testing/engine-fixture.js';
import { JournalFeed } from './journal-feed.js';
import { OutboxShipper } from './outbox-shipper.js';
import type { CommittedRecord } from './ports.js';
import { useStoreCluster } from './testing/store-fixture.js';

const store = useStoreCluster();

/** One sale paid at the terminal: creation, 202, authorization — three records. */
async function paidSale(fx: Fixture, amountMinor: number): Promise<void> {
  const a = await fx.engine.charge({ ...SALE, amountMinor });
  await fx.engine.settled();
  const paymentId = fx.engine.get(a.id)?.paymentId;
  assert.ok(paymentId);
  fx.bank.setStatus(paymentId, 'AUTHORIZED');
  await fx.advance(1_000);
  assert.equal(fx.engine.get(a.id)?.state, 'authorized');
}

/** Every (seq, attempt) snapshot in the journal files, as the store must hold them. */
async function journalRows(dataDir: string): Promise<string[]> {
  const all = await JournalFeed.forDataDir(dataDir).since(-1, 1_000_000);
  return all.flatMap((r) => r.attempts.map((a) => `${r.seq}:${a.id}:${a.state}`)).sort();
}

async function storeRows(url: string): Promise<string[]> {
  const db = new URL(url).pathname.slice(1);
  const out = store.cluster().psql(`SELECT seq || ':' || attempt_id || ':' || (snapshot->>'state') FROM journal_records ORDER BY 1`, db);
  return out.split('\n').filter(Boolean).sort();
}

describe('outbox shipping', () => {
  it('ships every record once, in order, and shipping it again changes nothing', async () => {
    const fx = await openFixture();
    try {
      const url = store.freshDatabase();
      const conn = await store.connect(url, 'REG-1', 'Caisse 1');
      const shipped: number[] = [];
      const shipper = new OutboxShipper(conn, JournalFeed.forDataDir(fx.dir), { batchSize: 2, onShipped: (b) => shipped.push(...b.map((r) => r.seq)) });
      await paidSale(fx, 3300);
      await paidSale(fx, 4400);
      await shipper.flush();
      const rows = await journalRows(fx.dir);
      assert.equal(rows.length, 6);
      assert.deepEqual(await storeRows(url), rows);
      assert.deepEqual(shipped, [...shipped].sort((x, y) => x - y), 'in sequence order');
      // A second shipper that forgot everything ships from the start again: same rows, no duplicate.
      const everything = { since: (after: number, limit: number): Promise<CommittedRecord[]> => JournalFeed.forDataDir(fx.dir).since(Math.min(after, -1), limit) };
      const again = new OutboxShipper(conn, everything);
      again.kick();
      await new Promise((r) => setTimeout(r, 300));
      await again.stop();
      assert.deepEqual(await storeRows(url), rows);
      const db = new URL(url).pathname.slice(1);
      assert.equal(store.cluster().psql(`SELECT string_agg(state || ':' || amount_minor, ',' ORDER BY amount_minor) FROM attempts`, db).trim(), 'authorized:3300,authorized:4400');
      await shipper.stop();
    } finally {
      await fx.cleanup();
    }
  });

  it('keeps charging while PostgreSQL is killed, then catches up: every record exactly once', async () => {
    const fx = await openFixture();
    try {
      const url = store.freshDatabase();
      const conn = await store.connect(url, 'REG-1', 'Caisse 1');
      const shipper = new OutboxShipper(conn, JournalFeed.forDataDir(fx.dir), { retryMs: 50, maxRetryMs: 200 });
      await paidSale(fx, 1000);
      await shipper.flush();
      await store.cluster().kill();
      for (const amount of [1100, 1200, 1300]) {
        await paidSale(fx, amount);
        shipper.kick();
      }
      await new Promise((r) => setTimeout(r, 300));
      assert.equal(shipper.current().linkUp, false);
      await store.cluster().start();
      await shipper.flush(15_000);
      assert.equal(shipper.current().linkUp, true);
      const rows = await journalRows(fx.dir);
      assert.equal(rows.length, 12);
      assert.deepEqual(await storeRows(url), rows);
      await shipper.stop();
    } finally {
      await fx.cleanup();
    }
  });
});
