import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import type { Attempt } from '../../shared/domain/attempt.js';
import { withTempDir } from '../fs/testing/temp-dir.js';
import { Journal } from '../payments/journal.js';
import { newAttempt } from '../payments/new-attempt.js';
import { SALE, T0 } from '../payments/testing/engine-fixture.js';
import { COMMANDS } from './cli.js';
import { runCli } from './testing/run-cli.js';
import { EXIT } from './cli-command.js';

const none = (): Attempt[] => [];

/** The tool as a script runs it: its own process, standard output a pipe. */
function spawnCli(argv: string[]) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'electron/history/cli.ts', ...argv], { encoding: 'utf8' });
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
      const res = spawnCli(['export', '--data-dir', dir, '--from', '2026-04-01', '--to', '2026-04-01']);
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
      const empty = await runCli(['export', '--data-dir', dir, '--from', '2026-05-01', '--to', '2026-05-02']);
      assert.equal(empty.code, 0);
      assert.match(empty.err, /No payment attempts in the training journal from 2026-05-01 to 2026-05-02/);
      appendFileSync(join(dir, 'training', 'journal', '2026-04-01.jsonl'), '{"sum":"0000000000000000","rec":{}}\n');
      const damaged = await runCli(['export', '--data-dir', dir, '--from', '2026-04-01']);
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
        [['print', '--data-dir', dir], /unknown command "print"; the commands are: export/],
        [['export', '--data-dir', dir, '--from', '2026-04-01', 'extra'], /unexpected argument "extra"/],
        [['export', '--data-dir', dir, '--from', '2026-04-01', '--out', ''], /--out needs a file name/],
        [[], /usage: npm run -s journal -- <command>/],
        [['export', '--data-dir', dir, '--from', '2026-04-01'], /no journal found/],
        [['export', '--data-dir', dir, '--from', '2026-04-01', '--environment', 'moon'], /--environment must be one of/],
        [['export', '--data-dir', dir, '--from', '2026-04-01', '--format', 'pdf'], /--format must be one of csv, excel, xlsx/],
        [['export', '--data-dir', dir, '--from', '2026-04-01', '--locale', 'nl'], /--locale must be one of fr, en, it, de, es/],
      ] as const) {
        const res = await runCli([...argv]);
        assert.equal(res.code, 2, argv.join(' '));
        assert.match(res.err, why);
        assert.equal(res.out, '');
      }
    });
  });
});

describe('npm run journal as a command-line tool', () => {
  test('--help explains the tool and each command on standard output, exit 0', () => {
    const tool = spawnCli(['--help']);
    assert.equal(tool.status, 0, tool.stderr);
    assert.match(tool.stdout, /^usage: npm run -s journal -- <command>/);
    assert.match(tool.stdout, /export +the accountant's file/);
    assert.match(tool.stdout, /archive +one file of a period's journal/);
    assert.match(tool.stdout, /141 standard output closed early/);
    for (const argv of [['export', '--help'], ['export', '-h'], ['help', 'export']]) {
      const res = spawnCli(argv);
      assert.equal(res.status, 0, `${argv.join(' ')}: ${res.stderr}`);
      assert.match(res.stdout, /^usage: npm run -s journal -- export --data-dir DIR --from YYYY-MM-DD \[--to YYYY-MM-DD\]/);
      assert.match(res.stdout, /--out FILE/);
      assert.equal(res.stderr, '');
    }
  });

  test('the usage lines are the ones docs/developer-guide.md gives', () => {
    const guide = readFileSync('docs/developer-guide.md', 'utf8');
    for (const command of Object.values(COMMANDS)) {
      for (const line of command.usage) assert.ok(guide.includes(line), `docs/developer-guide.md lacks: ${line}`);
    }
  });

  test('--out FILE writes the CSV there, nothing on standard output; a usage error creates no file', async () => {
    await withTempDir('counterpay-cli-', async (dir) => {
      const a = await journalWithOneSale(dir);
      const file = join(dir, 'day.csv');
      const res = spawnCli(['export', '--data-dir', dir, '--from', '2026-04-01', '--out', file]);
      assert.equal(res.status, 0, res.stderr);
      assert.equal(res.stdout, '');
      assert.match(res.stderr, /Written to .*day\.csv/);
      const rows = parse(readFileSync(file, 'utf8')) as string[][];
      assert.equal(rows.length, 2);
      assert.ok(rows[1]?.includes(a.idempotencyKey));
      const bad = join(dir, 'bad.csv');
      const usage = await runCli(['export', '--data-dir', dir, '--from', 'yesterday', '--out', bad]);
      assert.equal(usage.code, EXIT.usage);
      assert.equal(existsSync(bad), false);
      const unwritable = await runCli(['export', '--data-dir', dir, '--from', '2026-04-01', '--out', join(dir, 'no-such-folder', 'x.csv')]);
      assert.equal(unwritable.code, EXIT.failed);
      assert.match(unwritable.err, /Cannot write .*x\.csv/);
    });
  });

  test('a reader that closes the pipe early (| head) ends it quietly with 141, no stack trace', async () => {
    await withTempDir('counterpay-cli-', async (dir) => {
      await journalWithOneSale(dir);
      const child = spawn(process.execPath, ['--import', 'tsx', 'electron/history/cli.ts', 'export', '--data-dir', dir, '--from', '2026-04-01'], { stdio: ['ignore', 'pipe', 'pipe'] });
      child.stdout.destroy();
      let err = '';
      child.stderr.on('data', (d: Buffer) => (err += d.toString()));
      const code = await new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)));
      assert.equal(code, EXIT.closedPipe, err);
      assert.doesNotMatch(err, /EPIPE|at .*\(|node:events/);
    });
  });
});
