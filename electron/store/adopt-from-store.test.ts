/**
 * The newest journal file lost with a sale open, against a real PostgreSQL: the sale is no longer
 * in the journal, but the store's copy still holds it open. The engine takes it in from there
 * (journaled as a `create` record by `store`), watches it to its end, and a restart restores it
 * from the journal like any other.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readFileSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { openFixture, journalFiles, SALE, type Fixture } from '../payments/testing/engine-fixture.js';
import { decodeLine } from '../payments/journal-records.js';
import { JournalFeed } from './journal-feed.js';
import { OutboxShipper } from './outbox-shipper.js';
import { openInStore } from './store-history.js';
import { useStoreCluster } from './testing/store-fixture.js';

const store = useStoreCluster();
const DAY = 86_400_000;

async function ship(url: string, dir: string): Promise<void> {
  const conn = await store.connect(url, 'reg-1', 'Caisse 1');
  const shipper = new OutboxShipper(conn, JournalFeed.forDataDir(dir));
  await shipper.flush();
  await shipper.stop();
}

test('an open sale only the store still holds is taken in, journaled, watched to its end and restored after a restart', async () => {
  let fx: Fixture = await openFixture();
  try {
    const url = store.freshDatabase();
    const done = await fx.engine.charge({ ...SALE, amountMinor: 1000 });
    await fx.engine.settled();
    fx.bank.setStatus(fx.engine.get(done.id)?.paymentId ?? '', 'AUTHORIZED');
    await fx.advance(1_000);
    fx.clock.set(fx.clock.now() + DAY);
    const open = await fx.engine.charge({ ...SALE, amountMinor: 2500 });
    await fx.engine.settled();
    assert.equal(fx.engine.get(open.id)?.state, 'accepted');
    const paymentId = fx.engine.get(open.id)?.paymentId ?? '';
    await ship(url, fx.dir);
    await fx.engine.close();
    unlinkSync(join(fx.dir, 'journal', journalFiles(fx.dir).at(-1)!));

    fx = await fx.reopen({ bank: fx.bank });
    assert.equal(fx.engine.get(open.id), undefined, 'the journal lost the open sale');
    const conn = await store.connect(url, 'reg-1', 'Caisse 1');
    const found = await openInStore(conn, 'reg-1');
    assert.deepEqual(found.map((a) => a.id), [open.id], 'only the open sale; the authorized one stays in the store alone');
    assert.deepEqual((await fx.engine.adopt(found)).map((a) => a.id), [open.id]);
    assert.deepEqual(await fx.engine.adopt(found), [], 'taken in once');
    const lines = readFileSync(join(fx.dir, 'journal', journalFiles(fx.dir).at(-1)!), 'utf8').split('\n').filter(Boolean).map((l) => decodeLine(l));
    const adopted = lines.find((d) => d.ok && d.entry.by === 'store');
    assert.ok(adopted?.ok && adopted.entry.kind === 'create', 'journaled as a record of the envelope, by the store');

    fx.bank.setStatus(paymentId, 'AUTHORIZED');
    await fx.advance(10_000, 1_000);
    assert.equal(fx.engine.get(open.id)?.state, 'authorized', 'watched to its end');

    fx = await fx.reopen({ bank: fx.bank });
    assert.equal(fx.engine.get(open.id)?.state, 'authorized', 'restored from the journal after a restart');
  } finally {
    await fx.cleanup();
  }
});
