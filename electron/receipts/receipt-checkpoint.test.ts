/**
 * Start-up from the receipt checkpoint, through a real payment engine: a restart reads only the
 * day files since the checkpoint and goes on without a gap or a duplicate; an older sale's number
 * is found in its own days when its receipt is asked for again; a crash after a receipt record and
 * before any checkpoint covers it loses nothing; a checkpoint that is damaged or vouches for bytes
 * the journal no longer holds is set aside for a full read.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { memoryLogger } from '../log.js';
import { withTempDir } from '../fs/testing/temp-dir.js';
import { runJournalCli } from '../history/cli.js';
import { journalFiles, openFixture, type Fixture } from '../payments/testing/engine-fixture.js';
import { RECEIPT_CHECKPOINT_FILE } from './receipt-checkpoint.js';
import { JournalReceiptLedger } from './receipt-ledger.js';

const DAY = 86_400_000;

const ledgerOf = (fx: Fixture, logger = memoryLogger()) =>
  JournalReceiptLedger.open({ journalDir: join(fx.dir, 'journal'), dataDir: fx.dir, records: fx.engine, clock: fx.clock, logger });

const checkpointOf = (fx: Fixture) => JSON.parse(readFileSync(join(fx.dir, RECEIPT_CHECKPOINT_FILE), 'utf8')) as { last: number; file: string; offset: number; sha256: string };

describe('receipt checkpoint', () => {
  test('a restart reads only the day files since the checkpoint, goes on without a gap or a duplicate, and finds an old sale\'s number in its own days', async () => {
    await withTempDir('counterpay-receipt-cp-', async (root) => {
      let fx = await openFixture({ dir: join(root, 'training') });
      const day1 = fx.clock.now();
      const first = await ledgerOf(fx);
      assert.equal(first.startup.since, null);
      assert.deepEqual([(await first.assign('pay-1', day1)).number, (await first.assign('pay-2', day1)).number, (await first.assignRefund('refund-1', 'pay-1', day1)).number], [1, 2, 3]);
      await first.markEmailed(2, 50);
      fx.clock.advance(DAY);
      fx = await fx.reopen();
      const second = await ledgerOf(fx);
      // The journal was empty at the first start: no checkpoint yet, everything is read once.
      assert.equal(second.startup.since, null);
      assert.equal((await second.assign('pay-3', fx.clock.now())).number, 4);
      assert.deepEqual(checkpointOf(fx).last, 3);
      // A restart the same day: read from the record of number 3 on (the e-mail mark after it, and number 4), and the checkpoint moves to number 4's record.
      fx = await fx.reopen();
      const sameDay = await ledgerOf(fx);
      assert.deepEqual([sameDay.startup.since, sameDay.startup.records], [journalFiles(fx.dir)[0], 2]);
      assert.deepEqual([checkpointOf(fx).last, checkpointOf(fx).file], [4, journalFiles(fx.dir)[1]]);

      fx.clock.advance(2 * DAY);
      fx = await fx.reopen();
      const logger = memoryLogger();
      const third = await ledgerOf(fx, logger);
      const files = journalFiles(fx.dir);
      // The first day's file is not opened: the checkpoint is in the second's.
      assert.equal(third.startup.since, files[1]);
      assert.equal(third.startup.files, files.length - 1);
      assert.equal(third.startup.records, 0);
      assert.equal(third.lookup('pay-1'), null, 'the first day is read only when one of its sales is asked for');
      assert.deepEqual([(await third.assign('pay-5', fx.clock.now())).number, (await third.assign('pay-5')).isNew], [5, false]);
      const reprint = await third.assign('pay-1', day1);
      assert.deepEqual([reprint.number, reprint.isNew], [1, false]);
      assert.deepEqual([third.lookup('pay-2')?.number, third.lookup('pay-2')?.emailedAt], [2, 50]);
      assert.deepEqual([(await third.assignRefund('refund-1', 'pay-1', day1)).number, third.lookupRefund('refund-1')?.originalNumber], [3, 1]);
      await third.markEmailed(4, 60);
      assert.equal((await third.assign('pay-6', fx.clock.now())).number, 6);
      assert.equal(logger.lines.some((l) => l.includes('missing')), false, logger.lines.join('\n'));
      await fx.engine.close();
      let out = '';
      const code = await runJournalCli(['verify', '--data-dir', root, '--environment', 'training'], { out: (t) => (out += t), err: (t) => (out += t) });
      assert.equal(code, 0, out);
    });
  });

  test('a crash after a receipt record and before a checkpoint covers it: the next start reads it, no gap and no duplicate', async () => {
    await withTempDir('counterpay-receipt-cp-', async (root) => {
      let fx = await openFixture({ dir: join(root, 'training') });
      // Accented text before the point: the checkpoint counts bytes, not characters.
      await fx.engine.appendRecord('refund', {
        refundId: 'r1', attemptId: 'a1', saleId: 's1', paymentKey: 'k1', terminalId: 'term-1', registerId: 'reg-1', amountMinor: 330, currency: 'EUR', where: 'terminal', reason: 'crème brûlée rendue, déjà payée',
      }, 'Hélène');
      await (await ledgerOf(fx)).assign('pay-1', fx.clock.now());
      fx = await fx.reopen();
      const before = await ledgerOf(fx);
      const point = checkpointOf(fx);
      assert.equal(point.last, 1);
      await before.assign('pay-2', fx.clock.now());
      await before.assign('pay-3', fx.clock.now());
      // The process dies here: both records are on disk, the checkpoint still says 1, before them.
      assert.deepEqual(checkpointOf(fx), point);
      fx = await fx.reopen();
      const after = await ledgerOf(fx);
      assert.equal(after.startup.since, point.file);
      assert.equal(after.startup.records, 2);
      assert.deepEqual([(await after.assign('pay-3', fx.clock.now())).number, (await after.assign('pay-3')).isNew], [3, false]);
      assert.deepEqual([(await after.assign('pay-1', fx.clock.now())).number, (await after.assign('pay-4', fx.clock.now())).number], [1, 4]);
      assert.equal(checkpointOf(fx).last, 3);
      await fx.engine.close();
    });
  });

  test('a damaged checkpoint, or one vouching for bytes the journal no longer holds, is set aside: every day file is read and numbering goes on', async () => {
    await withTempDir('counterpay-receipt-cp-', async (root) => {
      let fx = await openFixture({ dir: join(root, 'training') });
      await (await ledgerOf(fx)).assign('pay-1', fx.clock.now());
      fx.clock.advance(DAY);
      fx = await fx.reopen();
      await (await ledgerOf(fx)).assign('pay-2', fx.clock.now());
      const path = join(fx.dir, RECEIPT_CHECKPOINT_FILE);
      writeFileSync(path, readFileSync(path, 'utf8').slice(0, 20));
      fx = await fx.reopen();
      const logger = memoryLogger();
      const fromTorn = await ledgerOf(fx, logger);
      assert.equal(fromTorn.startup.since, null);
      assert.equal(fromTorn.startup.files, journalFiles(fx.dir).length);
      assert.ok(logger.lines.some((l) => l.includes('checkpoint cannot be read')), logger.lines.join('\n'));
      assert.equal((await fromTorn.assign('pay-3', fx.clock.now())).number, 3);
      // A checkpoint from elsewhere (another folder's, a restored copy): it claims more than this journal holds.
      writeFileSync(path, JSON.stringify({ ...checkpointOf(fx), last: 40, sha256: 'f'.repeat(64) }));
      fx = await fx.reopen();
      const vouching = memoryLogger();
      const fromWrong = await ledgerOf(fx, vouching);
      assert.equal(fromWrong.startup.since, null);
      assert.ok(vouching.lines.some((l) => l.includes('no longer holds what the receipt checkpoint vouches for')), vouching.lines.join('\n'));
      assert.deepEqual([(await fromWrong.assign('pay-1', fx.clock.now())).number, (await fromWrong.assign('pay-4', fx.clock.now())).number], [1, 4]);
      await fx.engine.close();
    });
  });

  test('a checkpoint edited to a lower number, or moved back to an earlier receipt with its hash redone: never a number given twice', async () => {
    await withTempDir('counterpay-receipt-cp-', async (root) => {
      let fx = await openFixture({ dir: join(root, 'training') });
      const first = await ledgerOf(fx);
      for (const p of ['pay-1', 'pay-2', 'pay-3']) await first.assign(p, fx.clock.now());
      fx = await fx.reopen();
      await ledgerOf(fx);
      const path = join(fx.dir, RECEIPT_CHECKPOINT_FILE);
      const point = checkpointOf(fx);
      assert.equal(point.last, 3);
      // Only the number lowered: the bytes it vouches for are untouched, so only the record it stands on gives it away.
      writeFileSync(path, JSON.stringify({ ...point, last: 1 }));
      fx = await fx.reopen();
      const logger = memoryLogger();
      const lowered = await ledgerOf(fx, logger);
      assert.ok(logger.lines.some((l) => l.includes('does not match the receipt record it stands on')), logger.lines.join('\n'));
      assert.equal((await lowered.assign('pay-4', fx.clock.now())).number, 4);
      // Moved back onto receipt 1's record, its hash recomputed as anyone can: everything after is read again.
      const day = readFileSync(join(fx.dir, 'journal', point.file));
      const lineEnd = day.indexOf('"number":1,') >= 0 ? day.indexOf(0x0a, day.indexOf('"number":1,')) + 1 : -1;
      assert.ok(lineEnd > 0);
      writeFileSync(path, JSON.stringify({ ...point, last: 1, offset: lineEnd, sha256: createHash('sha256').update(day.subarray(0, lineEnd)).digest('hex') }));
      fx = await fx.reopen();
      const movedBack = await ledgerOf(fx);
      assert.equal(movedBack.startup.since, point.file);
      assert.equal((await movedBack.assign('pay-5', fx.clock.now())).number, 5);
      await fx.engine.close();
    });
  });
});
