import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { withTempDir } from '../fs/testing/temp-dir.js';
import { Journal } from '../payments/journal.js';
import { newAttempt } from '../payments/new-attempt.js';
import { SALE, T0 } from '../payments/testing/engine-fixture.js';
import { runCli } from './testing/run-cli.js';

const DAY = 86_400_000;

describe('npm run journal -- verify', () => {
  test('one line and exit 0 when intact; exit 3 and file, line and what for each break', async () => {
    await withTempDir('counterpay-verify-', async (root) => {
      const dir = join(root, 'training');
      const { journal } = await Journal.open(dir);
      for (let d = 0; d < 3; d++) {
        for (let i = 0; i < 3; i++) {
          const at = T0 + d * DAY + i;
          await journal.append('create', at, [newAttempt({ ...SALE, registerId: 'r', saleId: null, previousAttemptId: null }, at)], () => []);
        }
      }
      await journal.close();
      const intact = await runCli(['verify', '--data-dir', root]);
      assert.equal(intact.code, 0);
      assert.equal(intact.out, 'journal intact: 12 chained records in 3 day file(s) of training, last record 12 in 2026-04-03.jsonl line 4\n');

      const files = readdirSync(join(dir, 'journal')).filter((n) => n.endsWith('.jsonl')).sort();
      const first = join(dir, 'journal', files[0]!);
      const lines = readFileSync(first, 'utf8').split('\n');
      [lines[1], lines[2]] = [lines[2]!, lines[1]!];
      lines[3] = lines[3]!.replace('"amountMinor":1330', '"amountMinor":1390');
      writeFileSync(first, lines.join('\n'));
      unlinkSync(join(dir, 'journal', files[1]!));
      const broken = await runCli(['verify', '--data-dir', root, '--environment', 'training']);
      assert.equal(broken.code, 3);
      assert.deepEqual(broken.out.trim().split('\n'), [
        '2026-04-01.jsonl line 3: records out of order: record 2 stands after record 3',
        '2026-04-01.jsonl line 4: edited record: the line no longer reads (checksum mismatch (torn or altered record))',
        '2026-04-03.jsonl line 1: missing day file: 2026-04-02.jsonl is gone (records 5–8)',
      ]);
      assert.match(broken.err, /3 break\(s\)/);
    });
  });

  test('a usage error is exit 2', async () => {
    assert.equal((await runCli(['verify'])).code, 2);
    assert.equal((await runCli(['verify', '--data-dir', '/nonexistent', '--environment', 'moon'])).code, 2);
  });
});
