/**
 * Refunds in the whole store: each register records one through its own journal, shipping puts
 * it in chain_records, and the store's view and export count it exactly as that register does;
 * the whole store's net takings equal the sum of the registers'.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { parse } from 'csv-parse/sync';
import { localDay } from '../../shared/domain/calendar-day.js';
import { runJournalCli } from '../history/cli.js';
import { DayService } from '../history/day-service.js';
import { MoneyRecords } from '../history/money-records.js';
import { FakeBank } from '../payments/stand-ins/fake-bank.js';
import { openGatedRegister, type GatedRegister } from './stand-ins/gated-register.js';
import { storeClock, useStoreCluster } from './testing/store-fixture.js';

const store = useStoreCluster();

describe('refunds in the whole store', () => {
  it('each register\'s refund is read from chain_records; the store\'s totals are the sum of the registers\'', async () => {
    const url = store.freshDatabase();
    const clock = storeClock();
    const bank = new FakeBank();
    const dirs = [1, 2].map(() => mkdtempSync(join(tmpdir(), 'counterpay-store-refund-')));
    const regs: GatedRegister[] = [];
    try {
      for (const [i, dataDir] of dirs.entries()) {
        regs.push(await openGatedRegister({ dataDir, registerId: `REG-${i + 1}`, registerName: `Caisse ${i + 1}`, bank, clock, storeUrl: url }));
      }
      const day = localDay(clock.now());
      const services = regs.map((r, i) => new DayService({
        journalDir: join(dirs[i]!, 'journal'), records: r.engine, registerId: `REG-${i + 1}`, now: () => clock.now(),
        store: { registerName: `Caisse ${i + 1}`, days: r.store! },
      }));
      for (const [i, r] of regs.entries()) {
        const res = await r.charge({ terminalId: `S1F2-FR-000${i + 1}`, amountMinor: 1000 * (i + 1), currency: 'EUR', metadata: {} });
        assert.ok('attempt' in res, JSON.stringify(res));
        await r.engine.settled();
        bank.setStatus(r.engine.get(res.attempt.id)!.paymentId!, 'AUTHORIZED');
        clock.advance(1_000);
        await r.engine.settled();
        const money = new MoneyRecords({ days: services[i]!, records: r.engine, registerId: `REG-${i + 1}`, now: () => clock.now() });
        await money.recordRefund({ attemptId: res.attempt.id, day, amountMinor: 300 * (i + 1), where: 'terminal', reason: 'returned', by: 'Marie' });
      }
      for (const r of regs) await r.store?.flush();

      const whole = await services[0]!.history({ from: day, to: day, scope: 'store' });
      const own = await Promise.all(services.map((s) => s.history({ from: day, to: day })));
      assert.deepEqual(whole.damaged, []);
      assert.equal(whole.refunds.length, 2);
      assert.equal(whole.totals.refundedMinor, 300 + 600);
      assert.equal(whole.totals.netMinor, own.reduce((sum, v) => sum + v.totals.netMinor, 0));
      assert.equal(whole.totals.netMinor, 3000 - 900);
      assert.deepEqual(whole.rows.map((r) => r.refundedMinor), [300, 600]);
      const filtered = await services[1]!.history({ from: day, to: day, scope: 'store', registerId: 'REG-2' });
      assert.deepEqual(filtered.totals, own[1]!.totals);

      let out = '';
      const code = await runJournalCli(['export', '--store-url', url, '--from', day], { out: (t) => (out += t), err: () => undefined });
      assert.equal(code, 0);
      const [header, ...rows] = parse(out, { bom: true }) as string[][];
      const refundRows = rows.filter((r) => r[header!.indexOf('kind')] === 'refund');
      assert.deepEqual(refundRows.map((r) => r[header!.indexOf('amount_authorized')]).sort(), ['-3.00', '-6.00']);
      assert.deepEqual(refundRows.map((r) => r[header!.indexOf('register')]).sort(), ['Caisse 1', 'Caisse 2']);
    } finally {
      for (const r of regs) await r.close();
      for (const d of dirs) rmSync(d, { recursive: true, force: true });
    }
  });
});
