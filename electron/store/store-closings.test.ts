import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { localDay } from '../../shared/domain/calendar-day.js';
import { storeDayClosings } from '../../shared/domain/store-day-closings.js';
import type { ManualClock } from '../../shared/clock.js';
import { DayService } from '../history/day-service.js';
import { PeriodClosings } from '../history/period-closings.js';
import { NodeCipher } from '../auth/node-cipher.js';
import { HeadSigner } from '../signing/head-signer.js';
import { RegisterKey } from '../signing/register-key.js';
import { FakeBank } from '../payments/stand-ins/fake-bank.js';
import { memoryLogger } from '../log.js';
import { ClosingsCourier, shipClosings } from './store-closings.js';
import { StoreMode } from './store-mode.js';
import { openGatedRegister, type GatedRegister } from './stand-ins/gated-register.js';
import { storeClock, useStoreCluster } from './testing/store-fixture.js';

const store = useStoreCluster();

interface Reg { gated: GatedRegister; mode: StoreMode; days: DayService; dir: string; id: string }

/** Registers on one store, each with its day service wired to its store mode as the core does it; each sells once. */
async function shop(n: number) {
  const url = store.freshDatabase();
  const clock = storeClock();
  const bank = new FakeBank();
  const regs: Reg[] = [];
  const open = async (i: number, dir = mkdtempSync(join(tmpdir(), 'counterpay-closings-'))): Promise<Reg> => {
    const id = `REG-${i}`;
    const gated = await openGatedRegister({ dataDir: dir, registerId: id, registerName: `Caisse ${i}`, bank, clock, storeUrl: url });
    const mode = gated.store as StoreMode;
    const days = new DayService({ journalDir: join(dir, 'journal'), records: gated.engine, registerId: id, now: () => clock.now(), store: { registerName: `Caisse ${i}`, days: mode } });
    const reg = { gated, mode, days, dir, id };
    regs.push(reg);
    return reg;
  };
  for (let i = 1; i <= n; i++) {
    const r = await open(i);
    const res = await r.gated.charge({ terminalId: `S1F2-FR-000${i}`, amountMinor: 1000 * i, currency: 'EUR', metadata: {} });
    assert.ok('attempt' in res);
    await r.gated.engine.settled();
    bank.setStatus(r.gated.engine.get(res.attempt.id)?.paymentId ?? '', 'AUTHORIZED');
    clock.advance(1_000);
    await r.gated.engine.settled();
    await r.mode.flush();
  }
  const db = new URL(url).pathname.slice(1);
  return {
    url, clock: clock as ManualClock, regs, open, day: localDay(clock.now()),
    sql: (q: string) => store.cluster().psql(q, db).trim(),
    /** Closes a register as a restart would, keeping its folder. */
    async restart(r: Reg) {
      await r.gated.close();
      regs.splice(regs.indexOf(r), 1);
      return open(Number(r.id.slice(4)), r.dir);
    },
    async cleanup() {
      for (const r of regs) await r.gated.close();
      for (const r of regs) rmSync(r.dir, { recursive: true, force: true });
    },
  };
}

const until = async (what: () => boolean, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!what()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
};

describe('day closings reach the store', () => {
  it('a closing is shipped when the day is closed; the store\'s view says who closed and who has not', async () => {
    const s = await shop(2);
    try {
      const [r1, r2] = s.regs as [Reg, Reg];
      const closing = await r1.days.closeDay(s.day, 'Marie');
      await r1.mode.shipClosings();
      await r1.mode.flush();
      assert.equal(s.sql(`SELECT register_id || ' ' || day || ' ' || kind || ' ' || closed_by || ' ' || (extract(epoch FROM closed_at) * 1000)::bigint FROM day_closings`),
        `REG-1 ${s.day} close Marie ${closing.at}`);
      // Read from the other register: the store's view carries the closing, totals included, exactly as journaled.
      const view = await r2.days.history({ from: s.day, to: s.day, scope: 'store' });
      assert.deepEqual(view.damaged, []);
      // The store's rows keep what its view prints, the Z number and grand total included; the record's place is its copy of the chain's
      // (this register signs nothing: no signature). Takings by person are not the store's: its Z counts every register's rows.
      const { byPerson: _p, ...kept } = closing;
      assert.equal(closing.number, 1);
      assert.deepEqual(view.closings, [{ ...kept, signature: null }]);
      const status = storeDayClosings(view);
      assert.deepEqual(status.registers.map((d) => [d.registerId, d.state]), [['REG-1', 'closed'], ['REG-2', 'open']]);
      assert.equal(status.notClosed, 1);
      // The second register closes too: the whole day is closed; a correction travels the same way.
      const luca = await r2.days.closeDay(s.day, 'Luca');
      // The signature record a signing register writes right after its closing, as it reaches the store with the chain.
      const head = { seq: luca.seq, hash: luca.hash, keyId: 'ab12'.repeat(4), signature: `${'A'.repeat(86)}==` };
      await r2.gated.engine.appendRecord('signature', head, 'register');
      await r2.mode.shipClosings();
      await r2.mode.flush();
      const afterView = await r1.days.history({ from: s.day, to: s.day, scope: 'store' });
      const inStore = afterView.closings.find((c) => c.registerId === 'REG-2');
      assert.deepEqual([inStore?.number, inStore?.grandTotal, inStore?.signature], [1, luca.grandTotal, head], 'the whole store\'s Z prints its Z number, grand total and signed head');
      const after = storeDayClosings(afterView);
      assert.equal(after.notClosed, 0);
      // A signature row in the store that does not read: named, and the closing prints as not signed rather than with it.
      s.sql(`UPDATE chain_records SET raw = replace(raw, '"keyId"', '"keyid"') WHERE kind = 'signature' AND register_id = 'REG-2'`);
      const damagedView = await r1.days.history({ from: s.day, to: s.day, scope: 'store' });
      assert.equal(damagedView.closings.find((c) => c.registerId === 'REG-2')?.signature, null);
      assert.match(damagedView.damaged.join('\n'), /store register Caisse 2, signature after record \d+ ignored: it does not read as a signature/);
      assert.deepEqual(after.registers.map((d) => (d.state === 'closed' ? d.closing.by : d.state)), ['Marie', 'Luca']);
    } finally {
      await s.cleanup();
    }
  });

  it('a closing made while the store is down arrives when it is back, and on a restart nothing is shipped twice', async () => {
    const s = await shop(1);
    try {
      const r1 = s.regs[0] as Reg;
      await store.cluster().stop();
      try {
        // Closing never waits on the store: it is journaled here first.
        const closing = await r1.days.closeDay(s.day, 'Marie');
        await r1.mode.shipClosings();
        assert.deepEqual((await r1.days.history({ from: s.day, to: s.day })).closings, [closing]);
      } finally {
        await store.cluster().start();
      }
      // Nothing else happens at the register: the closing goes on its own once the store answers.
      await until(() => s.sql('SELECT count(*) FROM day_closings') === '1');
      const again = await s.restart(r1);
      await again.mode.ready();
      await again.mode.shipClosings();
      assert.equal(s.sql('SELECT count(*) FROM day_closings'), '1');
    } finally {
      await s.cleanup();
    }
  });

  it('shipping the same closings twice at once (two passes racing) leaves one row each', async () => {
    const s = await shop(1);
    try {
      const r1 = s.regs[0] as Reg;
      await r1.days.closeDay(s.day, 'Marie');
      s.clock.advance(60_000);
      const [a, b] = [await store.connect(s.url, 'REG-1', 'Caisse 1'), await store.connect(s.url, 'REG-1', 'Caisse 1')];
      s.sql('DELETE FROM day_closings');
      const journal = join(r1.dir, 'journal');
      const shipped = await Promise.all([a, b].map((c) => c.withClient((pc) => shipClosings(pc, 'REG-1', journal))));
      assert.ok(shipped.every((x) => x.damaged.length === 0));
      assert.equal(s.sql('SELECT count(*) FROM day_closings'), '1');
      assert.equal((await a.withClient((pc) => shipClosings(pc, 'REG-1', journal))).shipped, 0);
    } finally {
      await s.cleanup();
    }
  });

  it('a day and a month closed by a signing register reach the store\'s chain with their signatures, no later sale needed', async () => {
    const s = await shop(1);
    try {
      const r1 = s.regs[0] as Reg;
      // Signed as the core signs: the signature goes in right after each closing, outside the engine's records, so only the
      // kick at the closing ships it (here it may also ride in the closing's own shipping window; in the app it did not).
      const key = await RegisterKey.open({ dataDir: r1.dir, cipher: new NodeCipher() });
      const signer = new HeadSigner(r1.gated.engine, key, () => s.clock.now(), memoryLogger());
      const records = { appendRecord: signer.writer((k, b, by) => r1.gated.engine.appendRecord(k, b, by)) };
      const days = new DayService({ ...r1.days.options, records });
      const signedAfter = (seq: number | undefined) => s.sql(`SELECT count(*) FROM chain_records WHERE kind = 'signature' AND seq = ${(seq ?? 0) + 1}`) === '1';
      const z = await days.closeDay(s.day, 'Marie');
      await until(() => signedAfter(z.seq));
      s.clock.advance(40 * 24 * 3600_000);
      const month = await new PeriodClosings(days).close('month', s.day.slice(0, 7), 'Marie');
      await until(() => signedAfter(month.seq ?? undefined));
      await signer.stop();
    } finally {
      await s.cleanup();
    }
  });

  it('two managers of one name who closed on two registers are told apart, in the journal and in the store', async () => {
    const s = await shop(2);
    try {
      const [r1, r2] = s.regs as [Reg, Reg];
      const first = await r1.days.closeDay(s.day, { id: 'claire-1', name: 'Claire' });
      await r2.days.closeDay(s.day, { id: 'claire-2', name: 'Claire' });
      assert.deepEqual([first.by, first.byStaff], ['Claire', { id: 'claire-1', name: 'Claire' }]);
      await r1.mode.shipClosings();
      await r2.mode.shipClosings();
      assert.equal(s.sql(`SELECT string_agg(closed_by || '/' || closed_by_id, ' ' ORDER BY register_id) FROM day_closings`), 'Claire/claire-1 Claire/claire-2');
      const view = await r1.days.history({ from: s.day, to: s.day, scope: 'store' });
      assert.deepEqual(view.closings.map((c) => [c.registerId, c.byStaff?.id]), [['REG-1', 'claire-1'], ['REG-2', 'claire-2']]);
      // A typed name (before staff existed) stays a name with no id; an id that is not one is refused with the reason.
      s.sql(`UPDATE day_closings SET closed_by_id = NULL WHERE register_id = 'REG-1'`);
      s.sql(`UPDATE day_closings SET closed_by_id = 'Bad Id!' WHERE register_id = 'REG-2'`);
      const later = await r1.days.history({ from: s.day, to: s.day, scope: 'store' });
      assert.deepEqual(later.closings.map((c) => [c.by, c.byStaff]), [['Claire', undefined]]);
      assert.match(later.damaged[0] ?? '', /Caisse 2 .* ignored: the manager's staff id is not an id/);
    } finally {
      await s.cleanup();
    }
  });

  it('a bad row in the store is named and counted, never silently dropped, and the good ones still read', async () => {
    const s = await shop(2);
    try {
      const [r1, r2] = s.regs as [Reg, Reg];
      await r1.days.closeDay(s.day, 'Marie');
      await r1.mode.shipClosings();
      s.sql(`INSERT INTO day_closings (register_id, day, kind, at_ms, closed_at, closed_by, totals, attempt_ids)
             VALUES ('REG-2', '${s.day}', 'close', 1, now(), 'Luca', '{"authorized": 12}', '[]')`);
      s.sql(`INSERT INTO day_closings (register_id, day, kind, at_ms, closed_at, closed_by, note, attempt_ids)
             VALUES ('REG-2', '${s.day}', 'correction', 2, now(), E'Luca\\nroot', 'late', '[]')`);
      const view = await r2.days.history({ from: s.day, to: s.day, scope: 'store' });
      assert.equal(view.damaged.length, 2);
      assert.match(view.damaged[0] ?? '', /^store register Caisse 2 closing of \d{4}-\d\d-\d\d ignored: the totals \/authorized: /);
      assert.match(view.damaged[1] ?? '', /^store register Caisse 2 closing of .* ignored: the manager's name/);
      assert.deepEqual(view.closings.map((c) => c.registerId), ['REG-1']);
      assert.deepEqual(view.corrections, []);
      // A closing the store cannot read does not count as one: Caisse 2 has not closed.
      assert.equal(storeDayClosings(view).notClosed, 1);
    } finally {
      await s.cleanup();
    }
  });
});

describe('the closings courier', () => {
  it('logs a damaged closings line once, however many passes meet it again', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'counterpay-courier-'));
    try {
      writeFileSync(join(dir, 'closings.jsonl'), '{"sum":"0000000000000000","rec":{}}\n');
      const logger = memoryLogger();
      // Nothing of this register's to ship: the pass never needs the database, only its link.
      const link = { withClient: <T>(fn: (c: never) => Promise<T>) => fn(undefined as never) };
      const courier = new ClosingsCourier({ link: () => link as never, registerId: 'REG-1', journalDir: dir, retryMs: 1000, logger });
      for (let i = 0; i < 3; i++) await courier.ship();
      await courier.stop();
      assert.equal(logger.lines.filter((l) => l.includes('day closing not shipped: its line cannot be read')).length, 1, logger.lines.join('\n'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
