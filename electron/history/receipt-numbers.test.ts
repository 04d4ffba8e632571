/**
 * Verify names a receipt number given twice or missing, even when whoever edited the journal
 * hashed the chain again after the edit (a journal without signatures shows nothing else).
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { withTempDir } from '../fs/testing/temp-dir.js';
import { memoryLogger } from '../log.js';
import { journalFiles, openFixture } from '../payments/testing/engine-fixture.js';
import { JournalReceiptLedger } from '../receipts/receipt-ledger.js';
import { runCli } from './testing/run-cli.js';

const FRAME = /^\{"sum":"[0-9a-f]{16}","rec":/;

/** The line holding receipt `number` rewritten by `edit`, and every later line's link and checksum redone, as anyone can. */
function rewrite(file: string, number: number, edit: (raw: string) => string): void {
  const lines = readFileSync(file, 'utf8').split('\n').slice(0, -1);
  const at = lines.findIndex((l) => l.includes('"kind":"receipt"') && l.includes(`"number":${number},`));
  assert.ok(at >= 0);
  let prev: string | null = null;
  for (let i = at; i < lines.length; i++) {
    let raw = lines[i]!.replace(FRAME, '').slice(0, -1);
    if (i === at) raw = edit(raw);
    if (prev !== null) raw = raw.replace(/"prev":"[0-9a-f]{64}"/, `"prev":"${prev}"`);
    prev = createHash('sha256').update(raw).digest('hex');
    lines[i] = `{"sum":"${prev.slice(0, 16)}","rec":${raw}}`;
  }
  writeFileSync(file, `${lines.join('\n')}\n`);
}

async function threeReceipts(root: string): Promise<string> {
  const fx = await openFixture({ dir: join(root, 'training') });
  const ledger = await JournalReceiptLedger.open({ journalDir: join(fx.dir, 'journal'), dataDir: fx.dir, records: fx.engine, clock: fx.clock, logger: memoryLogger() });
  for (const p of ['pay-1', 'pay-2', 'pay-3']) await ledger.assign(p, fx.clock.now());
  await fx.engine.close();
  return join(fx.dir, 'journal', journalFiles(fx.dir)[0]!);
}

describe('verify and receipt numbers', () => {
  test('a number given twice is a break at its second record (exit 3)', async () => {
    await withTempDir('counterpay-numbers-', async (root) => {
      const file = await threeReceipts(root);
      assert.equal((await runCli(['verify', '--data-dir', root])).code, 0);
      rewrite(file, 3, (raw) => raw.replace('"number":3,', '"number":2,'));
      const r = await runCli(['verify', '--data-dir', root]);
      assert.equal(r.code, 3, r.out);
      assert.match(r.out, /^2026-04-01\.jsonl line \d+: receipt number 2 given twice: it was given before at 2026-04-01\.jsonl line \d+$/m);
    });
  });

  test('a number missing below the highest is a break at the highest (exit 3)', async () => {
    await withTempDir('counterpay-numbers-', async (root) => {
      const file = await threeReceipts(root);
      rewrite(file, 2, (raw) => raw.replace('"number":2,', '"number":5,'));
      const r = await runCli(['verify', '--data-dir', root]);
      assert.equal(r.code, 3, r.out);
      assert.match(r.out, /^2026-04-01\.jsonl line \d+: missing receipt number\(s\) 2, 4: the journal gives out up to number 5/m);
    });
  });
});
