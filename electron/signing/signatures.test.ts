import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { withTempDir } from '../fs/testing/temp-dir.js';
import { openFixture, SALE } from '../payments/testing/engine-fixture.js';
import { httpError } from '../payments/stand-ins/fake-bank.js';
import { runCli } from '../history/testing/run-cli.js';
import { PUBLIC_KEYS_FILE } from './signed-text.js';
import { KIND_READERS } from '../payments/record-bodies.js';
import { signedJournal, signerEvery } from './testing/signed-journal.js';

const FRAME = /^\{"sum":"[0-9a-f]{16}","rec":/;

const lines = (journalDir: string): { file: string; lines: string[] } => {
  const file = readdirSync(journalDir).filter((n) => n.endsWith('.jsonl'))[0]!;
  return { file, lines: readFileSync(join(journalDir, file), 'utf8').split('\n').slice(0, -1) };
};
const kindOf = (line: string): string => /"kind":"([a-z_]+)"/.exec(line)?.[1] ?? '';

/** What anyone who can write the files can do: change a record and hash the chain again from there. */
function editAndRecompute(all: string[], at: number, rewriteSignedHash = false): string[] {
  const out = [...all];
  let prev: string | null = null;
  for (let i = at; i < out.length; i++) {
    let raw = out[i]!.replace(FRAME, '').slice(0, -1);
    if (i === at) raw = raw.replace(/"amountMinor":1330/g, '"amountMinor":1390').replace(/"at":(\d+)/, (_, n: string) => `"at":${Number(n) + 1}`);
    if (prev !== null) raw = raw.replace(/"prev":"[0-9a-f]{64}"/, `"prev":"${prev}"`);
    // The signature's own copy of the head made to agree as well: only the signature itself is left to give it away.
    if (prev !== null && rewriteSignedHash && raw.includes('"kind":"signature"')) raw = raw.replace(/"hash":"[0-9a-f]{64}"/, `"hash":"${prev}"`);
    prev = createHash('sha256').update(raw).digest('hex');
    out[i] = `{"sum":"${prev.slice(0, 16)}","rec":${raw}}`;
  }
  return out;
}

describe('signed chain heads', () => {
  test('the head is signed every N records and after a closing, off the charge, and verify checks each signature (exit 0)', async () => {
    await withTempDir('counterpay-sign-', async (root) => {
      const journalDir = await signedJournal(root);
      const { lines: all } = lines(journalDir);
      const kinds = all.map(kindOf);
      assert.ok(kinds.filter((k) => k === 'signature').length >= 3, kinds.join(','));
      assert.equal(kinds.at(-2), 'close');
      assert.equal(kinds.at(-1), 'signature');
      const intact = await runCli(['verify', '--data-dir', root]);
      assert.equal(intact.code, 0, intact.out + intact.err);
      assert.match(intact.out, new RegExp(`; ${kinds.filter((k) => k === 'signature').length} signature\\(s\\) checked against public-keys\\.pem; signing key\\(s\\) [0-9a-f]{16} \\(SHA-256 fingerprint [0-9a-f]{64}\\)\\n$`));
    });
  });

  test('the charge resolves before its signature is written: the cashier never waits for it', async () => {
    await withTempDir('counterpay-sign-', async (root) => {
      const fx = await openFixture({ dir: join(root, 'training') });
      const { signer } = await signerEvery(fx, root, 1);
      fx.bank.createScript.push(httpError(422, { detail: 'amount is too large' }));
      await fx.engine.charge(SALE);
      const journalDir = join(root, 'training', 'journal');
      // Signing after every record, and still none written when the charge answers the cashier.
      assert.equal(lines(journalDir).lines.map(kindOf).includes('create'), true);
      assert.equal(lines(journalDir).lines.map(kindOf).includes('signature'), false);
      await fx.engine.settled();
      await new Promise((resolve) => setImmediate(resolve));
      await signer.stop();
      await fx.engine.close();
      assert.equal(lines(journalDir).lines.map(kindOf).includes('signature'), true);
      const verified = await runCli(['verify', '--data-dir', root]);
      assert.equal(verified.code, 0, verified.out + verified.err);
    });
  });

  test('a record edited and the chain recomputed is caught at the first signature after it, wherever the edit is', async () => {
    await withTempDir('counterpay-sign-', async (root) => {
      const journalDir = await signedJournal(root);
      const { file, lines: all } = lines(journalDir);
      const lastSignature = all.map(kindOf).lastIndexOf('signature');
      for (let at = 0; at < lastSignature; at++) {
        if (kindOf(all[at]!) === 'signature') continue;
        for (const rewrite of [false, true]) {
          writeFileSync(join(journalDir, file), editAndRecompute(all, at, rewrite).join('\n') + '\n');
          const firstAfter = all.findIndex((l, i) => i > at && kindOf(l) === 'signature');
          const r = await runCli(['verify', '--data-dir', root]);
          assert.equal(r.code, 3, `edit at line ${at + 1}: ${r.out}`);
          assert.equal(r.out.split('\n')[0]!.startsWith(`${file} line ${firstAfter + 1}: edited record:`), true, `edit at line ${at + 1}: ${r.out}`);
          assert.match(r.out, rewrite ? /signature of record \d+ does not match/ : /is no longer the record signed/);
        }
      }
    });
  });

  test('without the public keys no signature can be checked: exit 3', async () => {
    await withTempDir('counterpay-sign-', async (root) => {
      const journalDir = await signedJournal(root);
      unlinkSync(join(journalDir, PUBLIC_KEYS_FILE));
      const r = await runCli(['verify', '--data-dir', root]);
      assert.equal(r.code, 3);
      assert.match(r.out, /which is not in public-keys\.pem/);
    });
  });

  test('signature and key_changed records have typed readers in the table of kinds; a body that does not read is a break at its line', async () => {
    await withTempDir('counterpay-sign-', async (root) => {
      const journalDir = await signedJournal(root);
      const { file, lines: all } = lines(journalDir);
      const at = all.map(kindOf).indexOf('signature');
      const body = (JSON.parse(all[at]!) as { rec: { body: Record<string, unknown> } }).rec.body;
      assert.equal(KIND_READERS.signature(body).ok, true);
      assert.equal(KIND_READERS.signature({ ...body, keyId: 'nope' }).ok, false);
      assert.equal(KIND_READERS.signature({ ...body, extra: 1 }).ok, false);
      const change = { oldKeyId: null, newKeyId: String(body.keyId), publicKey: readFileSync(join(journalDir, PUBLIC_KEYS_FILE), 'utf8'), signature: null };
      assert.equal(KIND_READERS.key_changed(change).ok, true);
      assert.equal(KIND_READERS.key_changed({ ...change, publicKey: 'not a key' }).ok, false);
      // The body made unreadable and its chain recomputed: the record itself is named.
      const edited = editAndRecompute(all.map((l, i) => (i === at ? l.replace(/"keyId":"[0-9a-f]{16}"/, '"keyId":"x"') : l)), at);
      writeFileSync(join(journalDir, file), edited.join('\n') + '\n');
      const r = await runCli(['verify', '--data-dir', root]);
      assert.equal(r.code, 3);
      assert.match(r.out, new RegExp(`^${file} line ${at + 1}: edited record: the signature record does not read \\(/keyId`));
    });
  });
});
