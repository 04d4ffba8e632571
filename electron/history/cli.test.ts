import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import type { Attempt } from '../../shared/domain/attempt.js';
import { withTempDir } from '../fs/testing/temp-dir.js';
import { Journal } from '../payments/journal.js';
import { newAttempt } from '../payments/new-attempt.js';
import { SALE, T0 } from '../payments/testing/engine-fixture.js';
import { runJournalCli } from './cli.js';

const none = (): Attempt[] => [];

async function run(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await runJournalCli(argv, { out: (t) => (out += t), err: (t) => (err += t) });
  return { code, out, err };
}

async function journalWithOneSale(dataDir: string): Promise<Attempt> {
  const { journal } = await Journal.open(join(dataDir, 'training'));
  const a = newAttempt({ ...SALE, metadata: { order_reference: 'A-7' }, registerId: 'reg-1', saleId: null, previousAttemptId: null }, T0);
  await journal.append('create', T0, [a], none);
  await journal.append('update', T0 + 5000, [{ ...a, state: 'authorized', paymentId: 'pay-1', authorizedAmountMinor: a.amountMinor }], none);
  await journal.close();
  return a;
}

describe('npm run journal -- export', () => {
  test('writes the day as CSV to standard output, from a real process', async () => {
    await withTempDir('counterpay-cli-', async (dir) => {
      const a = await journalWithOneSale(dir);
      const res = spawnSync(process.execPath, ['--import', 'tsx', 'electron/history/cli.ts', 'export', '--data-dir', dir, '--from', '2026-04-01', '--to', '2026-04-01'], { encoding: 'utf8' });
      assert.equal(res.status, 0, res.stderr);
      const rows = parse(res.stdout) as string[][];
      assert.equal(rows.length, 2);
      assert.ok(rows[1]?.includes(a.idempotencyKey));
      assert.ok(rows[1]?.includes('A-7'));
      assert.equal(res.stderr, '');
    });
  });

  test('an empty range says so; damaged lines are named, counted and change the exit code', async () => {
    await withTempDir('counterpay-cli-', async (dir) => {
      await journalWithOneSale(dir);
      const empty = await run(['export', '--data-dir', dir, '--from', '2026-05-01', '--to', '2026-05-02']);
      assert.equal(empty.code, 0);
      assert.match(empty.err, /No payment attempts in the training journal from 2026-05-01 to 2026-05-02/);
      appendFileSync(join(dir, 'training', 'journal', '2026-04-01.jsonl'), '{"sum":"0000000000000000","rec":{}}\n');
      const damaged = await run(['export', '--data-dir', dir, '--from', '2026-04-01']);
      assert.equal(damaged.code, 3);
      assert.match(damaged.err, /2026-04-01\.jsonl line 4 ignored: checksum mismatch/);
      assert.match(damaged.err, /1 damaged journal line\(s\)/);
      assert.equal((parse(damaged.out) as string[][]).length, 2);
    });
  });

  test('usage errors are specific and write no CSV', async () => {
    await withTempDir('counterpay-cli-', async (dir) => {
      for (const [argv, why] of [
        [['export', '--from', '2026-04-01'], /--data-dir \(or --store-url\) is required/],
        [['export', '--data-dir', dir, '--from', '1/4/2026'], /--from must be a day/],
        [['export', '--data-dir', dir, '--from', '2026-04-02', '--to', '2026-04-01'], /is after --to/],
        [['print', '--data-dir', dir], /only command is "export"/],
        [['export', '--data-dir', dir, '--from', '2026-04-01'], /no journal found/],
        [['export', '--data-dir', dir, '--from', '2026-04-01', '--environment', 'moon'], /--environment must be one of/],
      ] as const) {
        const res = await run([...argv]);
        assert.equal(res.code, 2, argv.join(' '));
        assert.match(res.err, why);
        assert.equal(res.out, '');
      }
    });
  });
});
