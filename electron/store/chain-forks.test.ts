/**
 * The whole store's view names every register whose chain restarted or was copied, against a real
 * PostgreSQL: one register lost its newest day file, another's folder was copied to a second
 * computer, a third is intact; each forked register is named with the numbers that differ.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cpSync, mkdtempSync, rmSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openFixture, journalFiles } from '../payments/testing/engine-fixture.js';
import { paidSale } from './testing/paid-sale.js';
import { JournalFeed } from './journal-feed.js';
import { OutboxShipper } from './outbox-shipper.js';
import { readChainForks } from './chain-forks.js';
import { useStoreCluster } from './testing/store-fixture.js';

const store = useStoreCluster();
const DAY = 86_400_000;

const sale = paidSale;

async function ship(url: string, registerId: string, dir: string): Promise<void> {
  const conn = await store.connect(url, registerId, registerId);
  const shipper = new OutboxShipper(conn, JournalFeed.forDataDir(dir));
  await shipper.flush();
  await shipper.stop();
}

const lastSeq = async (dir: string): Promise<number> => (await JournalFeed.forDataDir(dir).since(-1, 1_000_000)).at(-1)?.seq ?? 0;

describe('forks in the whole store', () => {
  it('names every register whose journal restarted or was copied, not only this one', async () => {
    const url = store.freshDatabase();
    const lost = await openFixture();
    const copied = await openFixture();
    const intact = await openFixture();
    const twinDir = mkdtempSync(join(tmpdir(), 'counterpay-twin-'));
    try {
      // REG-LOST: a day, then a second day whose file is lost after shipping.
      await sale(lost, 1000);
      lost.clock.set(lost.clock.now() + DAY);
      const firstFileEnd = await lastSeq(lost.dir);
      await sale(lost, 2000);
      await ship(url, 'REG-LOST', lost.dir);
      const shippedEnd = await lastSeq(lost.dir);
      await lost.engine.close();
      unlinkSync(join(lost.dir, 'journal', journalFiles(lost.dir).at(-1)!));
      const restarted = await lost.reopen();
      for (let i = 0; i < 4; i++) await sale(restarted, 3000 + i);
      await ship(url, 'REG-LOST', lost.dir);

      // REG-COPY: shipped, copied to a second computer, then both sell and ship under one id.
      await sale(copied, 1000);
      await ship(url, 'REG-COPY', copied.dir);
      const copiedAt = await lastSeq(copied.dir);
      await copied.engine.close();
      cpSync(copied.dir, twinDir, { recursive: true });
      const one = await copied.reopen();
      const twin = await openFixture({ dir: twinDir, clock: copied.clock });
      await sale(one, 2000);
      await ship(url, 'REG-COPY', copied.dir);
      const oneEnd = await lastSeq(copied.dir);
      await sale(twin, 3000);
      await ship(url, 'REG-COPY', twinDir);

      await sale(intact, 500);
      await ship(url, 'REG-OK', intact.dir);

      const conn = await store.connect(url, 'REG-READER', 'reader');
      const forks = await conn.withClient((c) => readChainForks(c));
      assert.deepEqual(forks.sort((a, b) => a.registerId.localeCompare(b.registerId)), [
        // The copy's first record after the copy point doubles the original's; the original shipped first, so it is the one named.
        { registerId: 'REG-COPY', from: copiedAt + 1, to: oneEnd },
        { registerId: 'REG-LOST', from: firstFileEnd + 1, to: shippedEnd },
      ]);
      await restarted.cleanup();
      await one.cleanup();
      await twin.cleanup();
    } finally {
      await intact.cleanup();
      rmSync(twinDir, { recursive: true, force: true });
    }
  });
});
