/**
 * An archive or a data folder must not vouch for itself: whoever rewrites the records can
 * re-sign them with a key of their own and put that key beside them. Verify checks signatures
 * only with keys the auditor gives (--public-keys, --key-fingerprint), follows key changes only
 * from them, and always prints each signing key's fingerprint to compare with one obtained elsewhere.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { withTempDir } from '../fs/testing/temp-dir.js';
import { runCli } from '../history/testing/run-cli.js';
import { threeDays } from '../signing/testing/signed-journal.js';
import { PUBLIC_KEYS_FILE } from '../signing/signed-text.js';

const archiveOf = async (root: string, out: string) => runCli(['archive', '--data-dir', root, '--from', '2026-04-01', '--to', '2026-04-03', '--out', out]);

/** The genuine register, and a forger's copy: the same records, re-signed by the forger's own key, with that key beside them. */
async function genuineAndForged(root: string): Promise<{ genuine: string; forged: string; genuineKeys: string; keyId: string }> {
  const key = await threeDays(join(root, 'genuine'));
  await threeDays(join(root, 'forged'));
  const genuineKeys = join(root, 'genuine.pem');
  copyFileSync(join(root, 'genuine', 'training', 'journal', PUBLIC_KEYS_FILE), genuineKeys);
  return { genuine: join(root, 'genuine'), forged: join(root, 'forged'), genuineKeys, keyId: key.current.id };
}

describe('verify against keys the auditor trusts', () => {
  test('a re-signed archive with swapped keys passes on its own keys only; against the keys given it breaks (exit 3)', async () => {
    await withTempDir('counterpay-trust-', async (root) => {
      const { genuine, forged, genuineKeys, keyId } = await genuineAndForged(root);
      const [real, fake] = [join(root, 'real.cparchive'), join(root, 'fake.cparchive')];
      assert.equal((await archiveOf(genuine, real)).code, 0);
      assert.equal((await archiveOf(forged, fake)).code, 0);
      const alone = await runCli(['verify', '--archive', fake]);
      assert.equal(alone.code, 0, alone.out);
      // The forger's key is printed in full, so an auditor sees it is not the register's; the keys' source is said.
      assert.match(alone.out, /; signing key\(s\) [0-9a-f]{16} \(SHA-256 fingerprint [0-9a-f]{64}\)\n$/);
      assert.doesNotMatch(alone.out, new RegExp(keyId));
      assert.match(alone.err, /checked with the keys the archive carries: whoever rewrote the records could have re-signed them/);

      const byFile = await runCli(['verify', '--archive', fake, '--public-keys', genuineKeys]);
      assert.equal(byFile.code, 3, byFile.out);
      assert.match(byFile.out, /signed by key [0-9a-f]{16}, which is not among the keys given/);
      const byPrint = await runCli(['verify', '--archive', fake, '--key-fingerprint', keyId]);
      assert.equal(byPrint.code, 3, byPrint.out);
      assert.match(byPrint.out, new RegExp(`no key the archive carries has the fingerprint ${keyId} given`));

      for (const trust of [['--public-keys', genuineKeys], ['--key-fingerprint', keyId]]) {
        const ok = await runCli(['verify', '--archive', real, ...trust]);
        assert.equal(ok.code, 0, ok.out + ok.err);
        assert.match(ok.out, new RegExp(`signature\\(s\\) checked against the keys given; signing key\\(s\\) ${keyId} \\(SHA-256 fingerprint ${keyId}[0-9a-f]{48}\\)\\n$`));
        assert.doesNotMatch(ok.err, /could have re-signed/);
      }
    });
  });

  test('a data folder whose public-keys.pem was swapped breaks against the keys given, and with an archive too', async () => {
    await withTempDir('counterpay-trust-', async (root) => {
      const { genuine, forged, genuineKeys, keyId } = await genuineAndForged(root);
      const alone = await runCli(['verify', '--data-dir', forged]);
      assert.equal(alone.code, 0, alone.out);
      assert.match(alone.err, /in public-keys\.pem beside the journal: whoever rewrote the records could have re-signed them/);
      const swapped = await runCli(['verify', '--data-dir', forged, '--public-keys', genuineKeys]);
      assert.equal(swapped.code, 3, swapped.out);
      assert.match(swapped.out, /^2026-04-01\.jsonl line \d+: signed by key [0-9a-f]{16}, which is not among the keys given/m);
      assert.equal((await runCli(['verify', '--data-dir', forged, '--key-fingerprint', keyId])).code, 3);
      const real = join(root, 'real.cparchive');
      assert.equal((await archiveOf(genuine, real)).code, 0);
      const ok = await runCli(['verify', '--data-dir', genuine, '--archive', real, '--key-fingerprint', `${keyId.slice(0, 8)} ${keyId.slice(8)}`]);
      assert.equal(ok.code, 0, ok.out + ok.err);
      assert.match(ok.out, new RegExp(`checked against the keys given; signing key\\(s\\) ${keyId} \\(SHA-256 fingerprint [0-9a-f]{64}\\); its end checked against`));
      const bad = await runCli(['verify', '--data-dir', genuine, '--key-fingerprint', 'abc']);
      assert.equal(bad.code, 2);
      assert.match(bad.err, /--key-fingerprint must be at least the first 16 hex digits/);
    });
  });
});
