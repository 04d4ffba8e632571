/** Receipt numbering: gapless per register, durable across a restart, a reprint keeps its number, a torn last line is no number. */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { appendFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ManualClock } from '../../shared/clock.js';
import { withTempDir } from '../fs/testing/temp-dir.js';
import { FileReceiptLedger, LedgerDamaged, RECEIPT_LEDGER_FILE } from './receipt-ledger.js';

const clock = () => new ManualClock({ start: Date.UTC(2026, 10, 27, 9), frozen: true });

describe('receipt ledger', () => {
  test('numbers run 1, 2, 3 without gaps, even when asked at the same moment', async () => {
    await withTempDir('counterpay-receipts-', async (dir) => {
      const ledger = await FileReceiptLedger.open(dir, clock());
      const got = await Promise.all(['a', 'b', 'c', 'a'].map((k) => ledger.assign(k)));
      assert.deepEqual(got.map((g) => g.number), [1, 2, 3, 1]);
      assert.deepEqual(got.map((g) => g.isNew), [true, true, true, false]);
    });
  });

  test('a restart finds every number, a reprint keeps its number and the next sale follows', async () => {
    await withTempDir('counterpay-receipts-', async (dir) => {
      const first = await FileReceiptLedger.open(dir, clock());
      await first.assign('pay-1');
      await first.assign('pay-2');
      await first.markEmailed(2, 1234);
      const again = await FileReceiptLedger.open(dir, clock());
      const reprint = await again.assign('pay-2');
      assert.equal(reprint.number, 2);
      assert.equal(reprint.isNew, false);
      assert.equal(reprint.emailedAt, 1234);
      assert.equal((await again.assign('pay-3')).number, 3);
      assert.equal(again.lookup('pay-1')?.number, 1);
      assert.equal(again.lookup('nope'), null);
    });
  });

  test('the file keeps numbers and times only: nothing about the customer', async () => {
    await withTempDir('counterpay-receipts-', async (dir) => {
      const ledger = await FileReceiptLedger.open(dir, clock());
      await ledger.assign('pay-1');
      await ledger.markEmailed(1, 99);
      const text = readFileSync(join(dir, RECEIPT_LEDGER_FILE), 'utf8');
      assert.doesNotMatch(text, /@/);
      assert.equal(text.trim().split('\n').length, 2);
    });
  });

  test('a line torn by a crash at the end was never given out; a lost number (a gap) stops the ledger', async () => {
    await withTempDir('counterpay-receipts-', async (dir) => {
      const ledger = await FileReceiptLedger.open(dir, clock());
      await ledger.assign('pay-1');
      appendFileSync(join(dir, RECEIPT_LEDGER_FILE), '{"t":"assign","key":"pay-2","n":2,');
      const after = await FileReceiptLedger.open(dir, clock());
      assert.equal(after.lookup('pay-2'), null);
      assert.equal((await after.assign('pay-3')).number, 2);
      assert.equal((await FileReceiptLedger.open(dir, clock())).lookup('pay-3')?.number, 2);
      appendFileSync(join(dir, RECEIPT_LEDGER_FILE), '{"t":"assign","key":"pay-9","n":9,"at":1}\n');
      await assert.rejects(FileReceiptLedger.open(dir, clock()), LedgerDamaged);
    });
  });

  test('marking a number never given is refused', async () => {
    await withTempDir('counterpay-receipts-', async (dir) => {
      const ledger = await FileReceiptLedger.open(dir, clock());
      await assert.rejects(ledger.markEmailed(5, 1), RangeError);
    });
  });
});
