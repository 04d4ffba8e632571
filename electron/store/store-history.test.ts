import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { parse } from 'csv-parse/sync';
import { computeTotals, toReportRow } from '../../shared/domain/day-report.js';
import { localDay, wallTime } from '../../shared/domain/calendar-day.js';
import { CSV_COLUMNS } from '../history/csv-export.js';
import { runCli } from '../history/testing/run-cli.js';
import { DayService } from '../history/day-service.js';
import { readHistory } from '../history/journal-history.js';
import { FakeBank } from '../payments/stand-ins/fake-bank.js';
import { readStoreDay } from './store-history.js';
import { readStoreDayAt } from './store-reader.js';
import { StoreProblem } from './store-problem.js';
import { openGatedRegister, type GatedRegister } from './stand-ins/gated-register.js';
import { storeClock, useStoreCluster } from './testing/store-fixture.js';

const store = useStoreCluster();
const T1 = 'S1F2-FR-0001';
const T2 = 'S1F2-FR-0002';

/** Two registers on one store: Caisse 1 paid with a tip on T1, Caisse 2 paid on T2 and refused on T1. */
async function dayOfTwoRegisters() {
  const url = store.freshDatabase();
  const clock = storeClock();
  const bank = new FakeBank();
  const dirs = [1, 2].map(() => mkdtempSync(join(tmpdir(), 'counterpay-store-day-')));
  const regs: GatedRegister[] = [];
  for (const [i, dataDir] of dirs.entries()) {
    regs.push(await openGatedRegister({ dataDir, registerId: `REG-${i + 1}`, registerName: `Caisse ${i + 1}`, bank, clock, storeUrl: url }));
  }
  const [r1, r2] = regs as [GatedRegister, GatedRegister];
  const sale = async (r: GatedRegister, terminalId: string, amountMinor: number, status: string, extra: Record<string, unknown> = {}) => {
    const res = await r.charge({ terminalId, amountMinor, currency: 'EUR', metadata: { order_reference: `R-${amountMinor}` } });
    assert.ok('attempt' in res, JSON.stringify(res));
    await r.engine.settled();
    const paymentId = r.engine.get(res.attempt.id)?.paymentId;
    assert.ok(paymentId);
    bank.setStatus(paymentId, status, extra);
    clock.advance(1_000);
    await r.engine.settled();
    return res.attempt.id;
  };
  const cleanup = async () => {
    for (const r of regs) await r.close();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  };
  try {
    await sale(r1, T1, 1000, 'AUTHORIZED', { tip_amount: { value: '2.00', currency: 'EUR' }, authorized_amount: { value: '12.00', currency: 'EUR' } });
    await sale(r2, T2, 2550, 'AUTHORIZED');
    const refusedId = await sale(r2, T1, 830, 'REFUSED', { failure_reason: 'insufficient_funds' });
    for (const r of regs) await r.store?.flush();
    const day = localDay(clock.now());
    return { url, day, dirs, regs, refusedId, cleanup, sql: (q: string) => store.cluster().psql(q, new URL(url).pathname.slice(1)).trim() };
  } catch (e) {
    await cleanup();
    throw e;
  }
}

describe('the whole store\'s day', () => {
  it('equals the union of the registers\' own journals, counted the same way, with register names', async () => {
    const s = await dayOfTwoRegisters();
    try {
      const fromStore = await readStoreDayAt(s.url, { from: s.day, to: s.day });
      assert.deepEqual(fromStore.damaged, []);
      assert.deepEqual(fromStore.registerNames, { 'REG-1': 'Caisse 1', 'REG-2': 'Caisse 2' });
      const own = await Promise.all(s.dirs.map((d) => readHistory(join(d, 'journal'), { from: s.day, to: s.day })));
      const union = own.flatMap((h) => h.attempts).sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id));
      assert.deepEqual(fromStore.attempts, union);
      const totals = computeTotals(fromStore.attempts.map(toReportRow));
      assert.deepEqual(totals.authorized, { count: 2, authorizedMinor: 1200 + 2550, tipMinor: 200 });
      assert.equal(totals.refused, 1);
      // Each register's line of the store's totals is that register's own total.
      for (const [i, h] of own.entries()) {
        assert.deepEqual(totals.byRegister[`REG-${i + 1}`], computeTotals(h.attempts.map(toReportRow)).authorized);
      }
      assert.deepEqual(totals.byTerminal[T1], { count: 1, authorizedMinor: 1200, tipMinor: 200 });

      // The register's day service: the whole store, filtered by register, equals that register's own view.
      const days = new DayService({ journalDir: join(s.dirs[1] ?? '', 'journal'), records: s.regs[1]!.engine, registerId: 'REG-2', now: Date.now,
        store: { registerName: 'Caisse 2', days: s.regs[1]!.store! } });
      const whole = await days.history({ from: s.day, to: s.day, scope: 'store' });
      const mine = await days.history({ from: s.day, to: s.day });
      const filtered = await days.history({ from: s.day, to: s.day, scope: 'store', registerId: 'REG-2' });
      assert.deepEqual(whole.totals, totals);
      assert.deepEqual(filtered.totals, mine.totals);
      assert.deepEqual(filtered.rows, mine.rows);
      assert.equal(whole.scope, 'store');
      assert.deepEqual(whole.registers, ['REG-1', 'REG-2']);
      assert.deepEqual(mine.registerNames, { 'REG-2': 'Caisse 2' });
    } finally {
      await s.cleanup();
    }
  });

  it('a damaged store row is reported and counted; the attempt falls back to its last readable record', async () => {
    const s = await dayOfTwoRegisters();
    try {
      const newest = `(SELECT seq FROM attempts WHERE attempt_id = '${s.refusedId}')`;
      s.sql(`UPDATE journal_records SET snapshot = '{"id": 5, "state": "authorized"}' WHERE attempt_id = '${s.refusedId}' AND seq = ${newest}`);
      const day = await readStoreDayAt(s.url, { from: s.day, to: s.day });
      assert.equal(day.damaged.length, 1);
      assert.match(day.damaged[0] ?? '', new RegExp(`^store register Caisse 2 record \\d+ attempt ${s.refusedId} ignored: not a readable payment attempt`));
      const fallback = day.attempts.find((a) => a.id === s.refusedId);
      assert.ok(fallback, 'the attempt is still there, as its earlier record says');
      assert.notEqual(fallback.state, 'refused');

      // Every record of it damaged: each one named, the attempt left out, the others read.
      s.sql(`UPDATE journal_records SET snapshot = '[]' WHERE attempt_id = '${s.refusedId}' AND seq < ${newest}`);
      const worse = await readStoreDayAt(s.url, { from: s.day, to: s.day });
      const records = Number(s.sql(`SELECT count(*) FROM journal_records WHERE attempt_id = '${s.refusedId}'`));
      assert.equal(worse.damaged.length, records);
      assert.deepEqual(worse.attempts.map((a) => a.id).includes(s.refusedId), false);
      assert.equal(worse.attempts.length, 2);

      // The command line says the same, counts it and exits 3 with the readable rows exported.
      const res = await runCli(['export', '--store-url', s.url, '--from', s.day]);
      assert.equal(res.code, 3);
      assert.match(res.err, new RegExp(`${records} damaged store row\\(s\\) could not be read`));
      assert.equal((parse(res.out) as string[][]).length, 3);
    } finally {
      await s.cleanup();
    }
  });

  it('bounds: an amount no terminal accepts is damaged, not counted; a register name past its limit shows the id; many damaged rows are read in one pass', async () => {
    const s = await dayOfTwoRegisters();
    const conn = await store.connect(s.url, 'READER', 'Reader');
    try {
      const newest = `(SELECT seq FROM attempts WHERE attempt_id = '${s.refusedId}')`;
      s.sql(`UPDATE journal_records SET snapshot = jsonb_set(snapshot, '{authorizedAmountMinor}', '9000000000000000') WHERE attempt_id = '${s.refusedId}' AND seq = ${newest}`);
      s.sql(`UPDATE registers SET name = repeat('x', 41) WHERE register_id = 'REG-2'`);
      // Many attempts whose every record is damaged: the reader must not ask once per row.
      s.sql(`INSERT INTO attempts (attempt_id, register_id, seq, terminal_id, state, amount_minor, currency, created_at_ms, snapshot)
             SELECT 'X-' || i, 'REG-1', 1000 + i, 'T', 'authorized', 100, 'EUR', (SELECT min(created_at_ms) FROM attempts), '{}' FROM generate_series(1, 2000) i;
             INSERT INTO journal_records (register_id, seq, attempt_id, kind, at_ms, snapshot)
             SELECT 'REG-1', s, 'X-' || i, 'update', 0, '[]' FROM generate_series(1, 2000) i, LATERAL (VALUES (1000 + i), (i)) v(s)`);
      let queries = 0;
      const counted = { query: <R extends object>(q: string, p?: unknown[]) => { queries++; return conn.pool.query<R>(q, p); } };
      const day = await readStoreDay(counted, { from: s.day, to: s.day });
      assert.ok(queries <= 4, `${queries} queries`); // registers, newest records, their fallbacks, refunds and settlements
      assert.equal(day.damaged.length, 1 + 2 * 2000);
      assert.equal(day.damaged.filter((d) => /authorized amount 9000000000000000 is not one a terminal accepts/.test(d)).length, 1);
      assert.equal(day.registerNames['REG-2'], 'REG-2', 'a name past its limit is not shown');
      assert.ok(day.attempts.every((a) => (a.authorizedAmountMinor ?? 0) < 9e15));
    } finally {
      await s.cleanup();
    }
  });

  it('npm run journal -- export --store-url: the store as CSV, registers by name; each unusable store said apart', async () => {
    const s = await dayOfTwoRegisters();
    try {
      const res = await runCli(['export', '--store-url', s.url, '--from', s.day, '--to', s.day]);
      assert.equal(res.code, 0, res.err);
      assert.equal(res.err, '');
      const [header, ...rows] = parse(res.out) as string[][];
      assert.deepEqual(header, [...CSV_COLUMNS]);
      const col = (n: (typeof CSV_COLUMNS)[number]) => CSV_COLUMNS.indexOf(n);
      assert.deepEqual(rows.map((r) => [r[col('register')], r[col('amount_asked')], r[col('tip')], r[col('status')]]).sort(), [
        ['Caisse 1', '10.00', '2.00', 'authorized'], ['Caisse 2', '25.50', '0.00', 'authorized'], ['Caisse 2', '8.30', '0.00', 'refused'],
      ]);
      const empty = await runCli(['export', '--store-url', s.url, '--from', '2020-01-01']);
      assert.equal(empty.code, 0);
      assert.match(empty.err, /No payment attempts in the store from 2020-01-01 to 2020-01-01/);
      assert.equal((parse(empty.out) as string[][]).length, 1);

      const foreign = `foreign_${process.pid}`;
      store.cluster().psql(`CREATE DATABASE ${foreign}`);
      store.cluster().psql('CREATE TABLE invoices (id int)', foreign);
      const blank = `blank_${process.pid}`;
      store.cluster().psql(`CREATE DATABASE ${blank}`);
      s.sql('UPDATE counterpay_schema SET version = 999');
      const wrong = new URL(s.url);
      wrong.password = 'nope';
      for (const [url, why] of [
        ['mysql://x@h/db', /not a PostgreSQL address/],
        ['postgres://counterpay:x@127.0.0.1:9/counterpay', /does not answer/],
        [wrong.toString(), /refused the user name or password/],
        [store.cluster().url(foreign), /not a Counterpay store/],
        [store.cluster().url(blank), /not a Counterpay store/],
        [s.url, /set up by a newer Counterpay/],
      ] as const) {
        const bad = await runCli(['export', '--store-url', url, '--from', s.day]);
        assert.equal(bad.code, 4, url);
        assert.match(bad.err, why);
        assert.equal(bad.out, '');
        assert.doesNotMatch(bad.err, /nope|:x@/, 'no password on the screen');
      }
      // The blank database stayed blank: exporting never migrates.
      assert.equal(store.cluster().psql(`SELECT count(*) FROM pg_tables WHERE schemaname = 'public'`, blank).trim(), '0');
      const both = await runCli(['export', '--store-url', s.url, '--data-dir', s.dirs[0] ?? '', '--from', s.day]);
      assert.equal(both.code, 2);
      assert.match(both.err, /not both/);
    } finally {
      await s.cleanup();
    }
  });

  it('a register working alone has no whole-store view; a store that went away is a StoreProblem', async () => {
    const s = await dayOfTwoRegisters();
    try {
      const alone = new DayService({ journalDir: join(s.dirs[0] ?? '', 'journal'), records: s.regs[0]!.engine, registerId: 'REG-1', now: Date.now });
      await assert.rejects(alone.history({ from: s.day, to: s.day, scope: 'store' }), { name: 'NoStoreConfigured' });
      await store.cluster().stop();
      try {
        await assert.rejects(s.regs[0]!.store!.readDay({ from: s.day, to: s.day }), (e) => e instanceof StoreProblem);
      } finally {
        await store.cluster().start();
      }
      const direct = await s.regs[0]!.store!.readDay({ from: s.day, to: s.day });
      assert.equal(direct.attempts.length, 3);
      assert.equal((await readStoreDay({ query: () => Promise.resolve({ rows: [] }) }, { from: s.day, to: s.day })).attempts.length, 0);
    } finally {
      await s.cleanup();
    }
  });

  it('cuts each register\'s days in its own time zone, in the store\'s view and its export', async () => {
    const s = await dayOfTwoRegisters();
    try {
      assert.equal(s.sql(`SELECT DISTINCT time_zone FROM registers`), Intl.DateTimeFormat().resolvedOptions().timeZone, 'each register records its zone');
      // 25 hours apart: the two registers' payments of one instant are never on the same local day.
      s.sql(`UPDATE registers SET time_zone = CASE register_id WHEN 'REG-1' THEN 'Pacific/Kiritimati' ELSE 'Pacific/Pago_Pago' END`);
      const all = (await readStoreDayAt(s.url, { from: '2020-01-01', to: '2099-12-31' })).attempts;
      const first = all.find((a) => a.registerId === 'REG-1')!;
      const east = wallTime(first.createdAt, 'Pacific/Kiritimati');
      const day = await readStoreDayAt(s.url, { from: east.day, to: east.day });
      assert.deepEqual(day.registerZones, { 'REG-1': 'Pacific/Kiritimati', 'REG-2': 'Pacific/Pago_Pago' });
      assert.deepEqual([...new Set(day.attempts.map((a) => a.registerId))], ['REG-1'], 'REG-2\'s payments are on its own (earlier) day');
      const res = await runCli(['export', '--store-url', s.url, '--from', east.day]);
      const [header, row] = parse(res.out) as string[][];
      assert.deepEqual([row?.[header!.indexOf('local_date')], row?.[header!.indexOf('local_time')]], [east.day, east.time]);
      const west = wallTime(all.find((a) => a.registerId === 'REG-2')!.createdAt, 'Pacific/Pago_Pago').day;
      assert.notEqual(west, east.day);
      assert.deepEqual([...new Set((await readStoreDayAt(s.url, { from: west, to: west })).attempts.map((a) => a.registerId))], ['REG-2']);
    } finally {
      await s.cleanup();
    }
  });
});
