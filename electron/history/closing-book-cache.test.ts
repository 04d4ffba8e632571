/**
 * The closing book keeps each day file's reading while the file is unchanged, so closing a day
 * reads today's file alone; it must never serve a stale one: a closing appended to today's file,
 * and a past day's file edited in place (same size), are read again at once.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Attempt } from '../../shared/domain/attempt.js';
import { withTempDir } from '../fs/testing/temp-dir.js';
import { Journal } from '../payments/journal.js';
import { newAttempt } from '../payments/new-attempt.js';
import { SALE, T0 } from '../payments/testing/engine-fixture.js';
import { journalWriter } from '../payments/testing/record-writer.js';
import { readClosingBook } from './closing-book.js';
import { DayService } from './day-service.js';

const DAY_MS = 24 * 3600_000;
const none = (): Attempt[] => [];

describe('the closing book kept between reads', () => {
  test('a closing appended and a past file edited in place are read again; an unchanged book reads the same', async () => {
    await withTempDir('counterpay-book-cache-', async (dir) => {
      let now = T0;
      const { journal } = await Journal.open(dir);
      const days = new DayService({ journalDir: join(dir, 'journal'), records: journalWriter(journal, () => now), registerId: 'reg-1', now: () => now });
      const sell = async (at: number, paymentId: string) => {
        const a: Attempt = { ...newAttempt({ ...SALE, amountMinor: 1000, registerId: 'reg-1', saleId: null, previousAttemptId: null }, at), state: 'authorized', authorizedAmountMinor: 1000, paymentId, updatedAt: at + 1 };
        await journal.append('create', at, [{ ...a, state: 'sending', authorizedAmountMinor: null, paymentId: null, updatedAt: at }], none);
        await journal.append('update', at + 1, [a], none);
      };
      await sell(T0, 'p1');
      now = T0 + 3600_000;
      await days.closeDay('2026-04-01', 'Marie');
      now = T0 + DAY_MS;
      await sell(now, 'p2');
      const before = await readClosingBook(join(dir, 'journal'));
      assert.deepEqual(before.days.map((d) => d.number), [1]);
      assert.deepEqual([...before.activeDays], ['2026-04-01', '2026-04-02']);
      assert.deepEqual(await readClosingBook(join(dir, 'journal')), before, 'read again unchanged: the same book');

      now += 3600_000;
      const z2 = await days.closeDay('2026-04-02', 'Paul');
      assert.equal(z2.number, 2, 'today\'s file, grown, is read again');
      assert.deepEqual(z2.grandTotal, { grossMinor: 2000, refundedMinor: 0, netMinor: 2000 });

      // The first day's closing edited in place, same size (the write moves the file's time; set here so a coarse clock cannot hide it):
      // the book reads the file again and names the damage.
      const file = join(dir, 'journal', '2026-04-01.jsonl');
      const text = readFileSync(file, 'utf8');
      writeFileSync(file, text.replace('"day":"2026-04-01"', '"day":"2026-04-0X"'));
      utimesSync(file, new Date(), new Date(Date.now() + 5000));
      const after = await readClosingBook(join(dir, 'journal'));
      assert.deepEqual(after.days.map((d) => d.number), [2]);
      assert.match(after.damaged.join('\n'), /journal 2026-04-01\.jsonl line \d+ ignored/);
      await journal.close();
    });
  });
});
