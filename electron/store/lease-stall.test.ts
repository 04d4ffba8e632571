/**
 * A store server that stalls or stops in the middle of lease work: a request the register gave
 * up on never takes effect later, a release that failed is done as soon as the store answers,
 * and meanwhile the register says so. Real PostgreSQL, paused with SIGSTOP and stopped.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { FakeBank } from '../payments/stand-ins/fake-bank.js';
import { openGatedRegister, type GatedRegister } from './stand-ins/gated-register.js';
import { storeClock, useStoreCluster } from './testing/store-fixture.js';

const store = useStoreCluster();
const SALE = { terminalId: 'S1F2-FR-0001', currency: 'EUR' as const, metadata: {} };

async function shop() {
  const url = store.freshDatabase();
  const clock = storeClock();
  const bank = new FakeBank();
  const dirs = [mkdtempSync(join(tmpdir(), 'counterpay-stall-')), mkdtempSync(join(tmpdir(), 'counterpay-stall-'))];
  const registers: GatedRegister[] = [];
  for (const [i, dataDir] of dirs.entries()) {
    registers.push(await openGatedRegister({ dataDir, registerId: `REG-${i + 1}`, registerName: `Caisse ${i + 1}`, bank, clock, storeUrl: url }));
  }
  return {
    url, clock, bank, registers: registers as [GatedRegister, GatedRegister],
    leaseRows: () => Number(store.cluster().psql('SELECT count(*) FROM terminal_leases', new URL(url).pathname.slice(1)).trim()),
    async cleanup() {
      for (const r of registers) await r.close();
      for (const d of dirs) rmSync(d, { recursive: true, force: true });
    },
  };
}

async function until(what: string, test: () => boolean, ms = 8_000): Promise<void> {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 50))) if (test()) return;
  assert.fail(`not within ${ms} ms: ${what}`);
}

describe('lease work when the store stalls', () => {
  it('a lease request sent to a stalled server and given up on does not take the terminal when the server resumes', async () => {
    const s = await shop();
    const [r1, r2] = s.registers;
    let paused = false;
    try {
      store.cluster().pause();
      paused = true;
      const given = await r1.charge({ ...SALE, amountMinor: 1200 });
      assert.ok('refused' in given && given.refused.code === 'store_unavailable', 'nothing was sent: the cashier is asked to look at the terminal');
      assert.equal(r1.store?.view().waiting, 'lease', 'the top bar says a lease request waits on the store');
      store.cluster().resume();
      paused = false;
      await until('the given-up request is settled with the store', () => r1.store?.view().waiting === null);
      assert.equal(s.leaseRows(), 0, 'no phantom holder');
      const next = await r2.charge({ ...SALE, amountMinor: 900 });
      assert.ok('attempt' in next, 'the terminal is free for the other register at once');
      assert.equal(s.bank.paymentCount(), 1);
    } finally {
      if (paused) store.cluster().resume();
      await s.cleanup();
    }
  });

  it('a release the stopped store did not take is done as soon as it is back, and the top bar says it waits meanwhile', async () => {
    const s = await shop();
    const [r1, r2] = s.registers;
    try {
      const won = await r1.charge({ ...SALE, amountMinor: 1200 });
      assert.ok('attempt' in won);
      await r1.engine.settled();
      await store.cluster().stop();
      s.bank.setStatus(r1.engine.get(won.attempt.id)?.paymentId ?? '', 'AUTHORIZED');
      s.clock.advance(1_000);
      await r1.engine.settled();
      assert.equal(r1.engine.get(won.attempt.id)?.state, 'authorized');
      await until('the release is shown waiting', () => r1.store?.view().waiting === 'release');
      await store.cluster().start();
      await until('the release reached the store', () => r1.store?.view().waiting === null);
      assert.equal(s.leaseRows(), 0);
      let next: Awaited<ReturnType<GatedRegister['charge']>> | null = null;
      // The other register's pool reconnects on its first use after the restart.
      for (let i = 0; i < 20 && !(next && 'attempt' in next); i++) {
        next = await r2.charge({ ...SALE, amountMinor: 900 });
        if ('refused' in next) { assert.notEqual(next.refused.code, 'terminal_busy'); await new Promise((r) => setTimeout(r, 100)); }
      }
      assert.ok(next && 'attempt' in next, 'the terminal is free long before the lease would have expired');
    } finally {
      await s.cleanup();
    }
  });
});
