/**
 * Registers whose clocks disagree by minutes or an hour still share a terminal through one
 * store: real PostgreSQL, real payment engines, one fake bank counting pushes.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { ManualClock } from '../../shared/clock.js';
import { FakeBank } from '../payments/stand-ins/fake-bank.js';
import { LEASE_DURATION_MS, TerminalLeases } from './leases.js';
import { StoreClock } from './store-clock.js';
import { openGatedRegister, type GatedRegister } from './stand-ins/gated-register.js';
import { useStoreCluster } from './testing/store-fixture.js';

const store = useStoreCluster();
const SALE = { terminalId: 'S1F2-FR-0001', currency: 'EUR' as const, metadata: {} };
const MINUTE = 60_000;

/** A register's clock this far off the store's (whose clock is this machine's). */
const skewed = (offsetMs: number) => new ManualClock({ start: Date.now() + offsetMs });

async function pair(offsets: [number, number]) {
  const url = store.freshDatabase();
  const bank = new FakeBank();
  const dirs = [mkdtempSync(join(tmpdir(), 'counterpay-skew-')), mkdtempSync(join(tmpdir(), 'counterpay-skew-'))];
  const registers: GatedRegister[] = [];
  const clocks = offsets.map(skewed);
  for (const [i, clock] of clocks.entries()) {
    registers.push(await openGatedRegister({ dataDir: dirs[i] ?? '', registerId: `REG-${i + 1}`, registerName: `Caisse ${i + 1}`, bank, clock, storeUrl: url }));
  }
  return {
    url, bank, clocks, registers: registers as [GatedRegister, GatedRegister],
    async cleanup() {
      for (const r of registers) await r.close();
      for (const d of dirs) rmSync(d, { recursive: true, force: true });
    },
  };
}

describe('leases when registers\' clocks disagree', () => {
  for (const skew of [3 * MINUTE, 60 * MINUTE]) {
    for (const order of ['ahead first', 'behind first'] as const) {
      it(`clocks ${skew / MINUTE} min either side of the store, the register ${order}: one push at the bank, the other told busy for the full lease`, async () => {
        const s = await pair(order === 'ahead first' ? [skew, -skew] : [-skew, skew]);
        try {
          const [first, second] = s.registers;
          const won = await first.charge({ ...SALE, amountMinor: 1200 });
          assert.ok('attempt' in won);
          const busy = await second.charge({ ...SALE, amountMinor: 900 });
          assert.ok('refused' in busy && busy.refused.code === 'terminal_busy');
          assert.match(busy.refused.message, /\(12\.00 EUR, 150 s left\)/, 'the lease lasts as long whoever holds it');
          assert.equal(s.bank.paymentCount(), 1);
          // Store time passes: one second before expiry it is still held, at expiry the other register may push.
          store.ageLeases(s.url, LEASE_DURATION_MS - 1_000);
          const late = await second.charge({ ...SALE, amountMinor: 900 });
          assert.ok('refused' in late && /1 s left/.test(late.refused.message));
          store.ageLeases(s.url, 1_000);
          assert.ok('attempt' in (await second.charge({ ...SALE, amountMinor: 900 })));
          assert.equal(s.bank.paymentCount(), 2);
          // Each register tells its manager how far off its clock is.
          const seconds = (r: GatedRegister) => r.store?.view().clockAheadSeconds ?? 0;
          assert.ok(Math.abs(seconds(first) - (order === 'ahead first' ? skew : -skew) / 1000) <= 1);
          assert.ok(Math.abs(seconds(second) + seconds(first)) <= 1);
        } finally {
          await s.cleanup();
        }
      });
    }
  }

  it('registers racing for one terminal with clocks an hour apart: one of them, every round', async () => {
    const s = await pair([60 * MINUTE, -60 * MINUTE]);
    try {
      for (let round = 0; round < 10; round++) {
        const terminalId = `T-${round}`;
        const results = await Promise.all(s.registers.map((r, i) => r.charge({ ...SALE, terminalId, amountMinor: 1000 + i })));
        const won = results.flatMap((r) => ('attempt' in r ? [r.attempt] : []));
        assert.equal(won.length, 1, `round ${round}`);
        // The winner's payment ends, so each register is free for the next round.
        const winner = s.registers.find((r) => r.engine.get(won[0]?.id ?? '') !== undefined);
        await winner?.engine.settled();
        s.bank.setStatus(winner?.engine.get(won[0]?.id ?? '')?.paymentId ?? '', 'AUTHORIZED');
        for (const c of s.clocks) c.advance(1_000);
        for (const r of s.registers) await r.engine.settled();
        assert.equal(winner?.engine.get(won[0]?.id ?? '')?.state, 'authorized');
      }
      assert.equal(s.bank.paymentCount(), 10);
    } finally {
      await s.cleanup();
    }
  });

  it('measures a register clock\'s offset to the store; within a few seconds it is no warning', async () => {
    const url = store.freshDatabase();
    const conn = await store.connect(url, 'REG-1', 'Caisse 1');
    const ahead = new StoreClock(skewed(3 * MINUTE));
    const reading = await ahead.measure(conn);
    assert.ok(Math.abs(reading.offsetMs + 3 * MINUTE) < 1_000, `offset ${reading.offsetMs}`);
    assert.equal(ahead.skewSeconds(), 180);
    const close = new StoreClock(skewed(2_000));
    await close.measure(conn);
    assert.equal(close.skewSeconds(), null);
    assert.ok(Math.abs((close.storeTimeIn(0) ?? 0) - Date.now()) < 1_000, 'the store time follows the monotonic clock from the measurement');
  });

  it('a lease request whose store-time limit has passed writes nothing; a damaged lease row is refused, not shown', async () => {
    const url = store.freshDatabase();
    const leases = new TerminalLeases(await store.connect(url, 'REG-1', 'Caisse 1'));
    const req = { attemptId: 'A-1', terminalId: 'T-1', amountMinor: 1200, currency: 'EUR' as const, durationMs: LEASE_DURATION_MS };
    await assert.rejects(leases.acquire(req, { notAfterStoreMs: Date.now() - 1_000 }));
    assert.equal(await leases.holder('T-1'), null);
    assert.deepEqual(await leases.acquire(req, { notAfterStoreMs: Date.now() + 10_000 }), { ok: true });
    const db = new URL(url).pathname.slice(1);
    store.cluster().psql(`UPDATE terminal_leases SET amount_minor = 9000000000000000`, db);
    await assert.rejects(leases.holder('T-1'), /unreadable lease row/);
    store.cluster().psql(`UPDATE terminal_leases SET amount_minor = 1200, register_name = repeat('x', 41)`, db);
    await assert.rejects(leases.holder('T-1'), /unreadable lease row/);
  });
});
