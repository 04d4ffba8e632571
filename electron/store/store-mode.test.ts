import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { ATTEMPT_DEADLINE_MS } from '../../shared/domain/attempt.js';
import { FakeBank } from '../payments/stand-ins/fake-bank.js';
import { JournalFeed } from './journal-feed.js';
import { LEASE_MARGIN_MS } from './leases.js';
import { StoreMode } from './store-mode.js';
import { openGatedRegister, type GatedRegister } from './stand-ins/gated-register.js';
import { storeClock, useStoreCluster } from './testing/store-fixture.js';

const store = useStoreCluster();
const SALE = { terminalId: 'S1F2-FR-0001', currency: 'EUR' as const, metadata: {} };

async function shop(n = 2) {
  const url = store.freshDatabase();
  const clock = storeClock();
  const bank = new FakeBank();
  const dirs: string[] = [];
  const registers: GatedRegister[] = [];
  for (let i = 1; i <= n; i++) {
    const dataDir = mkdtempSync(join(tmpdir(), 'counterpay-store-reg-'));
    dirs.push(dataDir);
    registers.push(await openGatedRegister({ dataDir, registerId: `REG-${i}`, registerName: `Caisse ${i}`, bank, clock, storeUrl: url }));
  }
  const settle = async () => { for (const r of registers) await r.engine.settled(); };
  return {
    url, clock, bank, dirs, registers, settle,
    async cleanup() {
      for (const r of registers) await r.close();
      for (const d of dirs) rmSync(d, { recursive: true, force: true });
    },
  };
}

async function storeRowCount(url: string): Promise<number> {
  return Number(store.cluster().psql('SELECT count(*) FROM journal_records', new URL(url).pathname.slice(1)).trim());
}

async function journalRowCount(dirs: string[]): Promise<number> {
  let n = 0;
  for (const d of dirs) for (const r of await JournalFeed.forDataDir(d).since(-1, 1_000_000)) n += r.attempts.length;
  return n;
}

describe('store mode: registers sharing terminals', () => {
  it('two registers charging one terminal at the same moment: one payment at the bank, the other told it is busy; the store then equals both journals', async () => {
    const s = await shop();
    try {
      const [r1, r2] = s.registers as [GatedRegister, GatedRegister];
      const results = await Promise.all([r1.charge({ ...SALE, amountMinor: 3300 }), r2.charge({ ...SALE, amountMinor: 4400 })]);
      await s.settle();
      assert.equal(s.bank.paymentCount(), 1, 'exactly one payment reached the bank');
      const refused = results.flatMap((r) => ('refused' in r ? [r.refused] : []));
      assert.equal(refused.length, 1);
      assert.equal(refused[0]?.code, 'terminal_busy');
      assert.match(refused[0]?.message ?? '', /^S1F2-FR-0001 is busy with Caisse [12] \((33|44)\.00 EUR, 150 s left\)/);
      // The holder's payment ends: its terminal is free for the other register.
      const won = results.flatMap((r) => ('attempt' in r ? [r.attempt] : []))[0];
      const winner = s.registers.find((r) => r.engine.get(won?.id ?? '') !== undefined);
      const paymentId = winner?.engine.get(won?.id ?? '')?.paymentId;
      assert.ok(paymentId && winner);
      s.bank.setStatus(paymentId, 'AUTHORIZED');
      s.clock.advance(1_000);
      await s.settle();
      assert.equal(winner.engine.get(won?.id ?? '')?.state, 'authorized');
      const loser = s.registers.find((r) => r !== winner) as GatedRegister;
      let next: Awaited<ReturnType<GatedRegister['charge']>> | null = null;
      for (let i = 0; i < 50 && !(next && 'attempt' in next); i++) {
        next = await loser.charge({ ...SALE, amountMinor: 5500 });
        if ('refused' in next) await new Promise((r) => setTimeout(r, 20));
      }
      assert.ok(next && 'attempt' in next, 'the terminal was released once the payment was final');
      await s.settle();
      assert.equal(s.bank.paymentCount(), 2);
      for (const r of s.registers) await r.store?.flush();
      assert.equal(await storeRowCount(s.url), await journalRowCount(s.dirs));
    } finally {
      await s.cleanup();
    }
  });

  it('a register that stops while holding a lease keeps it until expiry, re-asserts it on restart and finishes the same attempt', async () => {
    const s = await shop();
    try {
      const [r1, r2] = s.registers as [GatedRegister, GatedRegister];
      s.bank.createScript.push('hold');
      const first = await r1.charge({ ...SALE, amountMinor: 1200 });
      assert.ok('attempt' in first);
      await r1.close();
      const busy = await r2.charge({ ...SALE, amountMinor: 900 });
      assert.ok('refused' in busy && busy.refused.code === 'terminal_busy');
      const again = await openGatedRegister({ dataDir: s.dirs[0] ?? '', registerId: 'REG-1', registerName: 'Caisse 1', bank: s.bank, clock: s.clock, storeUrl: s.url });
      s.registers[0] = again;
      await again.engine.settled();
      const resumed = again.engine.get(first.attempt.id);
      assert.equal(resumed?.idempotencyKey, first.attempt.idempotencyKey);
      assert.equal(s.bank.paymentCount(), 1, 'the resend used the same key: still one payment');
      s.clock.advance(ATTEMPT_DEADLINE_MS + LEASE_MARGIN_MS - 1_000);
      assert.ok('refused' in (await r2.charge({ ...SALE, amountMinor: 900 })), 'still leased until expiry');
      s.clock.advance(1_000);
      await s.settle();
      const after = await r2.charge({ ...SALE, amountMinor: 900 });
      assert.ok('attempt' in after, 'expired lease: the other register may charge');
    } finally {
      await s.cleanup();
    }
  });

  it('each attempt journals whether it held its lease; one sent with the store down (terminal confirmed free) says so, across a restart and in the store', async () => {
    const s = await shop(1);
    try {
      const [r1] = s.registers as [GatedRegister];
      const leased = await r1.charge({ ...SALE, amountMinor: 1000 });
      assert.ok('attempt' in leased);
      assert.equal(leased.attempt.lease, 'held');
      await s.settle();
      s.bank.setStatus(r1.engine.get(leased.attempt.id)?.paymentId ?? '', 'AUTHORIZED');
      s.clock.advance(1_000);
      await s.settle();
      await r1.store?.flush();
      await store.cluster().stop();
      const refused = await r1.charge({ ...SALE, amountMinor: 1100 });
      assert.ok('refused' in refused && refused.refused.code === 'store_unavailable');
      r1.store?.gate.confirmTerminalFree(SALE.terminalId);
      const unleased = await r1.charge({ ...SALE, amountMinor: 1100 });
      assert.ok('attempt' in unleased);
      await r1.close();
      // kill -9 and restart read the same journal: the mark is on disk with the attempt's first record.
      const first = (await JournalFeed.forDataDir(s.dirs[0] ?? '').since(-1, 1_000)).find((r) => r.attempts.some((a) => a.id === unleased.attempt.id));
      assert.equal(first?.attempts.find((a) => a.id === unleased.attempt.id)?.lease, 'none_store_down');
      await store.cluster().start();
      const again = await openGatedRegister({ dataDir: s.dirs[0] ?? '', registerId: 'REG-1', registerName: 'Caisse 1', bank: s.bank, clock: s.clock, storeUrl: s.url });
      s.registers[0] = again;
      assert.equal(again.engine.get(unleased.attempt.id)?.lease, 'none_store_down');
      assert.equal(again.engine.get(leased.attempt.id)?.lease, 'held');
      await again.store?.flush();
      const db = new URL(s.url).pathname.slice(1);
      assert.equal(store.cluster().psql(`SELECT snapshot->>'lease' FROM attempts WHERE attempt_id = '${unleased.attempt.id}'`, db).trim(), 'none_store_down');
    } finally {
      await s.cleanup();
    }
  });

  it('a store that cannot be reached is retried in the background; a refused one is reported with its reason', async () => {
    const clock = storeClock();
    const dataDir = mkdtempSync(join(tmpdir(), 'counterpay-store-reg-'));
    try {
      const url = store.freshDatabase();
      const bad = new URL(url);
      bad.password = 'wrong';
      const refused = StoreMode.start({ url: bad.toString(), registerId: 'R', registerName: 'Caisse', dataDir, clock, openAttempts: () => [] });
      const st = await refused.ready();
      assert.equal(st.state === 'problem' && st.code, 'wrong_password');
      assert.equal(st.state === 'problem' && st.retrying, false);
      await refused.close();
      await store.cluster().stop();
      const waiting = StoreMode.start({ url, registerId: 'R', registerName: 'Caisse', dataDir, clock, openAttempts: () => [], reconnectMs: 100 });
      const down = await waiting.ready();
      assert.equal(down.state === 'problem' && down.retrying, true);
      await store.cluster().start();
      for (let i = 0; i < 100 && waiting.status().state !== 'connected'; i++) await new Promise((r) => setTimeout(r, 50));
      assert.equal(waiting.status().state, 'connected');
      await waiting.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
