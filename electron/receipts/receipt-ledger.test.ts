/**
 * Receipt numbering on the journal's chain, through a real payment engine: gapless per register,
 * rebuilt at a restart from every day file, a reprint keeps its number, a crash between the
 * number and the screen loses nothing and repeats nothing, an older `receipts.jsonl` is journaled
 * once so numbers go on, and the chain still verifies with receipt records in it. Refunds' receipts
 * take the same series, point at their sale's number (given first when the sale had none) and keep
 * their number on a reprint and across a restart.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { memoryLogger } from '../log.js';
import { withTempDir } from '../fs/testing/temp-dir.js';
import { runJournalCli } from '../history/cli.js';
import { journalFiles, openFixture, type Fixture } from '../payments/testing/engine-fixture.js';
import { LEGACY_RECEIPTS_FILE, MIGRATED_RECEIPTS_FILE } from './legacy-receipt-file.js';
import { JournalReceiptLedger } from './receipt-ledger.js';

const DAY = 86_400_000;

const ledgerOf = (fx: Fixture, logger = memoryLogger()) =>
  JournalReceiptLedger.open({ journalDir: join(fx.dir, 'journal'), dataDir: fx.dir, records: fx.engine, clock: fx.clock, logger });

const journalText = (fx: Fixture): string => journalFiles(fx.dir).map((f) => readFileSync(join(fx.dir, 'journal', f), 'utf8')).join('');

async function verify(root: string): Promise<{ code: number; out: string }> {
  let out = '';
  const code = await runJournalCli(['verify', '--data-dir', root, '--environment', 'training'], { out: (t) => (out += t), err: (t) => (out += t) });
  return { code, out };
}

describe('receipt ledger on the journal', () => {
  test('numbers run 1, 2, 3 without gaps, even when asked at the same moment, as records of the chain', async () => {
    await withTempDir('counterpay-receipts-', async (root) => {
      const fx = await openFixture({ dir: join(root, 'training') });
      const ledger = await ledgerOf(fx);
      const got = await Promise.all(['a', 'b', 'c', 'a'].map((k) => ledger.assign(k)));
      assert.deepEqual(got.map((g) => g.number), [1, 2, 3, 1]);
      assert.deepEqual(got.map((g) => g.isNew), [true, true, true, false]);
      assert.equal((journalText(fx).match(/"kind":"receipt"/g) ?? []).length, 3);
      await fx.engine.close();
    });
  });

  test('a restart on a later day rebuilds every number from every day file; a reprint keeps its number, the next follows, and verify passes', async () => {
    await withTempDir('counterpay-receipts-', async (root) => {
      let fx = await openFixture({ dir: join(root, 'training') });
      const first = await ledgerOf(fx);
      await first.assign('pay-1');
      await first.assign('pay-2');
      await first.markEmailed(2, 1234);
      fx.clock.advance(DAY);
      fx = await fx.reopen();
      const second = await ledgerOf(fx);
      assert.equal((await second.assign('pay-3')).number, 3);
      fx.clock.advance(DAY);
      fx = await fx.reopen();
      assert.equal(journalFiles(fx.dir).length >= 2, true);
      const again = await ledgerOf(fx);
      const reprint = await again.assign('pay-2');
      assert.deepEqual([reprint.number, reprint.isNew, reprint.emailedAt], [2, false, 1234]);
      assert.equal(again.lookup('pay-1')?.number, 1);
      assert.equal(again.lookup('nope'), null);
      assert.equal((await again.assign('pay-4')).number, 4);
      await fx.engine.close();
      const checked = await verify(root);
      assert.equal(checked.code, 0, checked.out);
      assert.match(checked.out, /^journal intact: \d+ chained records in \d+ day file\(s\) of training/);
    });
  });

  test('the journal keeps numbers and times only: nothing about the customer', async () => {
    await withTempDir('counterpay-receipts-', async (root) => {
      const fx = await openFixture({ dir: join(root, 'training') });
      const ledger = await ledgerOf(fx);
      await ledger.assign('pay-1');
      await ledger.markEmailed(1, 99);
      assert.match(journalText(fx), /"kind":"receipt_emailed"[^\n]*"body":\{"number":1,"emailedAt":99\}/);
      assert.doesNotMatch(journalText(fx), /@/);
      await assert.rejects(ledger.markEmailed(5, 1), RangeError);
      await fx.engine.close();
    });
  });

  test('a crash between the number and the screen: a written number is kept (a duplicate from then on), a torn one was never given', async () => {
    await withTempDir('counterpay-receipts-', async (root) => {
      let fx = await openFixture({ dir: join(root, 'training') });
      await (await ledgerOf(fx)).assign('pay-1');
      // The process dies after the record is on disk, before any screen showed it.
      fx = await fx.reopen();
      const after = await ledgerOf(fx);
      assert.deepEqual([(await after.assign('pay-1')).number, (await after.assign('pay-1')).isNew], [1, false]);
      // The process dies while the next record is half written: that number was never handed out.
      await after.assign('pay-2');
      await fx.engine.close();
      const file = join(fx.dir, 'journal', journalFiles(fx.dir).at(-1)!);
      const whole = readFileSync(file, 'utf8');
      writeFileSync(file, whole.slice(0, whole.length - 30));
      fx = await fx.reopen();
      const torn = await ledgerOf(fx);
      assert.equal(torn.lookup('pay-2'), null);
      assert.equal((await torn.assign('pay-3')).number, 2);
      await fx.engine.close();
      assert.equal((await verify(root)).code, 0);
    });
  });

  test('an older receipts.jsonl is journaled once, retired read-only, and numbering goes on after it', async () => {
    await withTempDir('counterpay-receipts-', async (root) => {
      const dir = join(root, 'training');
      let fx = await openFixture({ dir });
      writeFileSync(join(dir, LEGACY_RECEIPTS_FILE), [
        '{"t":"assign","key":"old-1","n":1,"at":100}', '{"t":"assign","key":"old-2","n":2,"at":200}', '{"t":"emailed","n":1,"at":300}',
        '{"t":"assign","key":"old-3","n":3,', // torn by a crash: never given
      ].join('\n'));
      const logger = memoryLogger();
      const ledger = await ledgerOf(fx, logger);
      assert.deepEqual(ledger.lookup('old-1'), { paymentKey: 'old-1', number: 1, issuedAt: 100, emailedAt: 300 });
      assert.equal(existsSync(join(dir, LEGACY_RECEIPTS_FILE)), false);
      assert.equal(statSync(join(dir, MIGRATED_RECEIPTS_FILE)).mode & 0o777, 0o400);
      assert.ok(logger.lines.some((l) => l.includes('receipt numbers moved into the journal') && l.includes('"records":3')), logger.lines.join('\n'));
      assert.equal((await ledger.assign('new-1')).number, 3);
      fx = await fx.reopen();
      const again = await ledgerOf(fx);
      assert.equal(again.lookup('old-2')?.number, 2);
      assert.equal((await again.assign('new-2')).number, 4);
      assert.equal((journalText(fx).match(/"kind":"receipt"/g) ?? []).length, 4);
      await fx.engine.close();
      assert.equal((await verify(root)).code, 0);
    });
  });

  test('a migration stopped halfway journals only what the chain lacks', async () => {
    await withTempDir('counterpay-receipts-', async (root) => {
      const dir = join(root, 'training');
      let fx = await openFixture({ dir });
      const legacy = '{"t":"assign","key":"old-1","n":1,"at":100}\n{"t":"assign","key":"old-2","n":2,"at":200}\n{"t":"emailed","n":1,"at":300}\n';
      writeFileSync(join(dir, LEGACY_RECEIPTS_FILE), legacy);
      await ledgerOf(fx);
      // As if the rename never happened: the old file is back beside a journal that holds it.
      writeFileSync(join(dir, LEGACY_RECEIPTS_FILE), legacy);
      fx = await fx.reopen();
      const again = await ledgerOf(fx);
      assert.equal((journalText(fx).match(/"kind":"receipt/g) ?? []).length, 3);
      assert.equal((await again.assign('new-1')).number, 3);
      await fx.engine.close();
    });
  });

  test('a refund\'s receipt takes the next number, points at its sale\'s (given first when it had none), and keeps its number across a restart', async () => {
    await withTempDir('counterpay-receipts-', async (root) => {
      let fx = await openFixture({ dir: join(root, 'training') });
      const ledger = await ledgerOf(fx);
      assert.equal((await ledger.assign('pay-1')).number, 1);
      const ofNumbered = await ledger.assignRefund('refund-a', 'pay-1');
      assert.deepEqual([ofNumbered.number, ofNumbered.originalNumber, ofNumbered.isNew, ofNumbered.paymentKey], [2, 1, true, 'pay-1']);
      // A sale refunded before anyone asked for its receipt: its number first, then the refund's.
      const [ofUnnumbered, sale2] = await Promise.all([ledger.assignRefund('refund-b', 'pay-2'), ledger.assign('pay-3')]);
      assert.deepEqual([ofUnnumbered.number, ofUnnumbered.originalNumber, ledger.lookup('pay-2')?.number, sale2.number], [4, 3, 3, 5]);
      const reprint = await ledger.assignRefund('refund-a', 'pay-1');
      assert.deepEqual([reprint.number, reprint.isNew], [2, false]);
      await assert.rejects(ledger.assignRefund('refund-a', 'pay-3'), RangeError);
      await ledger.markEmailed(4, 777);
      assert.match(journalText(fx), /"kind":"receipt_refund"[^\n]*"body":\{"number":2,"refundId":"refund-a","attemptId":"pay-1","originalNumber":1,/);
      fx.clock.advance(DAY);
      fx = await fx.reopen();
      const again = await ledgerOf(fx);
      assert.deepEqual(again.lookupRefund('refund-b'), { paymentKey: 'pay-2', refundId: 'refund-b', number: 4, originalNumber: 3, issuedAt: ofUnnumbered.issuedAt, emailedAt: 777 });
      assert.equal(again.lookupRefund('nope'), null);
      const later = await again.assignRefund('refund-b', 'pay-2');
      assert.deepEqual([later.number, later.isNew], [4, false]);
      assert.equal((await again.assignRefund('refund-c', 'pay-1')).number, 6);
      assert.deepEqual([(await again.assign('pay-2')).number, (await again.assign('pay-2')).isNew], [3, false]);
      await fx.engine.close();
      const checked = await verify(root);
      assert.equal(checked.code, 0, checked.out);
    });
  });
});
