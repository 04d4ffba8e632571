/**
 * Records cut off the end of a journal, after its last signature, leave a chain that checks and
 * signatures that verify: only an anchor outside the register shows them. Verify checks a data
 * folder against a printed closing's chain head (--anchor), an archive and the store.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { withTempDir } from '../fs/testing/temp-dir.js';
import { runCli } from '../history/testing/run-cli.js';
import { threeDays } from '../signing/testing/signed-journal.js';
import type { SignatureBody } from '../signing/signed-text.js';

/** The newest day file's lines, and a way to cut its last `n` records off. */
function newest(root: string): { lines: string[]; cut: (n: number) => void } {
  const file = join(root, 'training', 'journal', '2026-04-03.jsonl');
  const lines = readFileSync(file, 'utf8').split('\n').slice(0, -1);
  return { lines, cut: (n) => writeFileSync(file, `${lines.slice(0, -n).join('\n')}\n`) };
}

/** The head a printed closing carries: what the signature after the closing signs. */
function lastSignedHead(root: string): SignatureBody {
  const day = readFileSync(join(root, 'training', 'journal', '2026-04-02.jsonl'), 'utf8').split('\n').filter((l) => l.includes('"kind":"signature"')).at(-1)!;
  return (JSON.parse(day) as { rec: { body: SignatureBody } }).rec.body;
}

describe('a cut-off end, against anchors outside the register', () => {
  test('unseen by the chain and signatures alone; caught against an archive and a printed closing\'s head (exit 3)', async () => {
    await withTempDir('counterpay-anchor-', async (root) => {
      await threeDays(root);
      const archive = join(root, 'april.cparchive');
      assert.equal((await runCli(['archive', '--data-dir', root, '--from', '2026-04-01', '--to', '2026-04-30', '--out', archive])).code, 0);
      const head = lastSignedHead(root);
      const anchor = `${head.seq}:${head.hash.slice(0, 16)}`;
      const intact = await runCli(['verify', '--data-dir', root, '--archive', archive, '--anchor', anchor]);
      assert.equal(intact.code, 0, intact.out);
      assert.match(intact.out, /its end checked against the anchor \d+:[0-9a-f]{16}, the archive .*april\.cparchive\n$/);

      const { lines, cut } = newest(root);
      cut(2);
      const alone = await runCli(['verify', '--data-dir', root]);
      assert.equal(alone.code, 0, 'two records cut after the last signature: nothing inside the register shows it');
      const against = await runCli(['verify', '--data-dir', root, '--archive', archive]);
      assert.equal(against.code, 3, against.out);
      assert.match(against.out, /missing record\(s\): the journal ends at record \d+, but the archive .* holds record \d+: records were cut off the end/);

      // Cut back to before the closing's signed head: the printed closing shows it.
      cut(lines.length + 1);
      const printed = await runCli(['verify', '--data-dir', root, '--environment', 'training', '--anchor', anchor]);
      assert.equal(printed.code, 0, 'the closing\'s head is still there');
      writeFileSync(join(root, 'training', 'journal', '2026-04-03.jsonl'), '');
      const wrong = await runCli(['verify', '--data-dir', root, '--anchor', `${head.seq}:${'0'.repeat(16)}`]);
      assert.equal(wrong.code, 3);
      assert.match(wrong.out, new RegExp(`edited record: record ${head.seq} is not the record the anchor ${head.seq}:0{16} holds`));
      const beyond = await runCli(['verify', '--data-dir', root, '--anchor', `${head.seq + 5}:${head.hash}`]);
      assert.equal(beyond.code, 3);
      assert.match(beyond.out, /records were cut off the end/);
    });
  });
});
