import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { appendFileSync, existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Attempt } from '../../shared/domain/attempt.js';
import { withTempDir } from '../fs/testing/temp-dir.js';
import { Journal } from '../payments/journal.js';
import { decodeLine } from '../payments/journal-records.js';
import { newAttempt } from '../payments/new-attempt.js';
import { SALE, T0 } from '../payments/testing/engine-fixture.js';
import { CLOSINGS_FILE, readClosings } from './day-closings.js';
import { journalWriter } from '../payments/testing/record-writer.js';
import { DayClosingRefused, DayService } from './day-service.js';
import { DEFAULT_POLICY } from '../../shared/domain/attempt-policy.js';

const DAY1 = '2026-04-01';
const none = (): Attempt[] => [];
const sale = (at: number): Attempt => newAttempt({ ...SALE, registerId: 'reg-1', saleId: null, previousAttemptId: null }, at);

async function setup(dir: string) {
  let now = T0;
  const { journal } = await Journal.open(dir);
  const service = new DayService({ journalDir: join(dir, 'journal'), records: journalWriter(journal, () => now), registerId: 'reg-1', now: () => now });
  return {
    journal, service,
    setNow(ms: number) { now = ms; },
    write: (kind: 'create' | 'update', a: Attempt) => journal.append(kind, a.updatedAt, [a], none),
  };
}

describe('closing the day', () => {
  test('refused while an attempt is open or a duplicate unsettled, accepted once settled, then final', async () => {
    await withTempDir('counterpay-close-', async (dir) => {
      const s = await setup(dir);
      const open = sale(T0);
      await s.write('create', open);
      s.setNow(T0 + 10_000);
      await assert.rejects(s.service.closeDay(DAY1, 'Marie'), (e: unknown) =>
        e instanceof DayClosingRefused && e.blockers.length === 1 && e.blockers[0]?.attemptId === open.id);

      const paid = { ...open, state: 'authorized' as const, authorizedAmountMinor: open.amountMinor, paymentId: 'p1', possibleDuplicate: true, updatedAt: T0 + 20_000 };
      await s.write('update', paid);
      s.setNow(T0 + 30_000);
      const view = await s.service.history({ from: DAY1, to: DAY1 });
      assert.equal(view.closeBlockers.length, 1, 'an open possible duplicate blocks closing');
      await s.write('update', { ...paid, updatedAt: T0 + 40_000, resolution: { kind: 'not_a_duplicate', note: 'two orders', at: T0 + 40_000 } });
      s.setNow(T0 + 50_000);

      const closing = await s.service.closeDay(DAY1, 'Marie');
      assert.equal(closing.by, 'Marie');
      assert.equal(closing.totals.authorized.authorizedMinor, open.amountMinor);
      assert.deepEqual(closing.attemptIds, [open.id]);
      await assert.rejects(s.service.closeDay(DAY1, 'Paul'), /already closed by Marie/);
      const again = await s.service.history({ from: DAY1, to: DAY1 });
      assert.deepEqual(again.closings.map((c) => c.by), ['Marie']);
      assert.deepEqual(again.changedAfterClosing, []);
      // Windows has no POSIX modes (the Windows lane runs this suite too).
      if (process.platform !== 'win32') assert.equal(statSync(join(dir, 'journal', `${DAY1}.jsonl`)).mode & 0o777, 0o600);
      // The closing is a record of the day file's chain: the next number after the sales', not a file of its own.
      const lines = readFileSync(join(dir, 'journal', `${DAY1}.jsonl`), 'utf8').trim().split('\n').map((l) => decodeLine(l));
      assert.deepEqual(lines.map((d) => (d.ok ? [d.entry.seq, d.entry.kind] : null)), [[1, 'carry'], [2, 'create'], [3, 'update'], [4, 'update'], [5, 'close']]);
      assert.equal(existsSync(join(dir, 'journal', CLOSINGS_FILE)), false);
      await s.journal.close();
    });
  });

  test('a no-answer attempt blocks only while the engine still watches it; the future cannot be closed', async () => {
    await withTempDir('counterpay-close-', async (dir) => {
      const s = await setup(dir);
      const a = sale(T0);
      await s.write('create', a);
      await s.write('update', { ...a, state: 'timed_out', updatedAt: a.deadlineAt });
      s.setNow(a.deadlineAt + 1000);
      assert.equal((await s.service.history({ from: DAY1, to: DAY1 })).closeBlockers.length, 1);
      s.setNow(a.deadlineAt + DEFAULT_POLICY.lateWatchMs);
      assert.equal((await s.service.history({ from: DAY1, to: DAY1 })).closeBlockers.length, 0);
      await assert.rejects(s.service.closeDay('2026-04-02', 'Marie'), /has not begun/);
      await s.journal.close();
    });
  });

  test('a sale after closing shows as a change until a manager records a correction', async () => {
    await withTempDir('counterpay-close-', async (dir) => {
      const s = await setup(dir);
      s.setNow(T0 + 1000);
      await s.service.closeDay(DAY1, 'Marie');
      await assert.rejects(s.service.correctDay(DAY1, 'Marie', 'x'), /Nothing on 2026-04-01 changed/);
      const late = sale(T0 + 3600_000);
      await s.write('create', late);
      const view = await s.service.history({ from: DAY1, to: DAY1 });
      assert.deepEqual(view.changedAfterClosing, [late.id]);
      s.setNow(T0 + 2 * 3600_000);
      const correction = await s.service.correctDay(DAY1, 'Marie', 'Reopened for a late customer');
      assert.deepEqual(correction.attemptIds, [late.id]);
      assert.deepEqual((await s.service.history({ from: DAY1, to: DAY1 })).changedAfterClosing, []);
      await s.journal.close();
    });
  });

  test('a damaged closings line is reported, never silently dropped', async () => {
    await withTempDir('counterpay-close-', async (dir) => {
      const s = await setup(dir);
      s.setNow(T0 + 1000);
      await s.service.closeDay(DAY1, 'Marie');
      appendFileSync(join(dir, 'journal', CLOSINGS_FILE), '{"sum":"x","rec":"{}"}\n');
      const read = await readClosings(join(dir, 'journal'));
      assert.equal(read.records.length, 1);
      assert.deepEqual(read.damaged, [`journal ${CLOSINGS_FILE} line 1 ignored: not a readable closing record`]);
      await s.journal.close();
    });
  });
});
