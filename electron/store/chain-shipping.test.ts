/**
 * Shipping by identity against a real PostgreSQL: a journal whose newest day file was lost, and a
 * data folder copied to a second computer, keep shipping every new record (the store keeps both
 * chains, each record by number and hash with its exact text), and the other chain is named.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cpSync, mkdtempSync, rmSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openFixture, journalFiles } from '../payments/testing/engine-fixture.js';
import { paidSale } from './testing/paid-sale.js';
import { runJournalCli } from '../history/cli.js';
import { JournalFeed } from './journal-feed.js';
import { OutboxShipper } from './outbox-shipper.js';
import { useStoreCluster } from './testing/store-fixture.js';

const store = useStoreCluster();
const DAY = 86_400_000;

const sale = paidSale;

/** Every record of the journal files as "seq:hash", as the store must hold them. */
async function localChain(dir: string): Promise<string[]> {
  return (await JournalFeed.forDataDir(dir).since(-1, 1_000_000)).map((r) => `${r.seq}:${r.chain?.hash ?? ''}`);
}

function storeChain(url: string): string[] {
  const db = new URL(url).pathname.slice(1);
  return store.cluster().psql(`SELECT seq || ':' || hash FROM chain_records_parsed WHERE record->>'seq' = seq::text ORDER BY seq, hash`, db).split('\n').filter(Boolean);
}

async function shipAll(url: string, dir: string) {
  const conn = await store.connect(url, 'REG-1', 'Caisse 1');
  const shipper = new OutboxShipper(conn, JournalFeed.forDataDir(dir));
  await shipper.flush();
  await shipper.stop();
  return shipper.current();
}

async function verify(url: string) {
  let out = '';
  const code = await runJournalCli(['verify', '--store-url', url], { out: (t) => (out += t), err: () => undefined });
  return { code, out };
}

describe('shipping by identity', () => {
  it('a lost newest day file: the new records reuse numbers, ship all the same, and the restart is named', async () => {
    const fx = await openFixture();
    try {
      const url = store.freshDatabase();
      await sale(fx, 1000);
      fx.clock.set(fx.clock.now() + DAY);
      await sale(fx, 2000);
      assert.equal((await shipAll(url, fx.dir)).fork, null);
      const intact = await verify(url);
      assert.equal(intact.code, 0, intact.out);
      assert.match(intact.out, /^store intact: \d+ records of 1 register\(s\)\n$/);
      const before = storeChain(url);
      assert.deepEqual(before, [...(await localChain(fx.dir))].sort());
      await fx.engine.close();
      unlinkSync(join(fx.dir, 'journal', journalFiles(fx.dir).at(-1)!));
      const again = await fx.reopen();
      await sale(again, 3000);
      await sale(again, 4000);
      const status = await shipAll(url, fx.dir);
      assert.ok(status.fork, 'the other chain is named');
      const local = await localChain(fx.dir);
      const held = new Set(storeChain(url));
      for (const r of local) assert.ok(held.has(r), `record ${r} is in the store`);
      for (const r of before) assert.ok(held.has(r), `record ${r} shipped before stays`);
      assert.equal(status.fork.from, Number(local.find((r) => !before.includes(r))?.split(':')[0]), 'named from the first number the chains differ at');
      await again.cleanup();
    } finally {
      rmSync(fx.dir, { recursive: true, force: true });
    }
  });

  it('a data folder copied to a second computer: both ship every record, each sees the other chain', async () => {
    const fx = await openFixture();
    const twinDir = mkdtempSync(join(tmpdir(), 'counterpay-twin-'));
    try {
      const url = store.freshDatabase();
      await sale(fx, 1000);
      assert.equal((await shipAll(url, fx.dir)).fork, null);
      await fx.engine.close();
      cpSync(fx.dir, twinDir, { recursive: true });
      const one = await fx.reopen();
      const twin = await openFixture({ dir: twinDir, clock: fx.clock });
      await sale(one, 2000);
      await sale(twin, 3000);
      assert.equal((await shipAll(url, fx.dir)).fork, null, 'the first to ship sees nothing yet');
      const second = await shipAll(url, twinDir);
      assert.ok(second.fork, 'the second sees the first');
      assert.ok((await shipAll(url, fx.dir)).fork, 'and the first, at its next connection, the second');
      const held = new Set(storeChain(url));
      for (const r of [...(await localChain(fx.dir)), ...(await localChain(twinDir))]) assert.ok(held.has(r), `record ${r} is in the store`);
      const checked = await verify(url);
      assert.equal(checked.code, 3);
      assert.match(checked.out, /store register REG-1 record \d+: record \d+ appears twice/);
      await one.cleanup();
      await twin.cleanup();
    } finally {
      rmSync(twinDir, { recursive: true, force: true });
    }
  });
});
