/**
 * The store as the anchor and as a place signatures are checked, against a real PostgreSQL: a
 * signed journal shipped whole, its signatures verified from the store's copy (with the
 * register's public keys given, or noted when not), and records cut off the journal's end
 * caught against the store's newest record of the register.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { withTempDir } from '../fs/testing/temp-dir.js';
import { runCli } from '../history/testing/run-cli.js';
import { JournalFeed } from '../store/journal-feed.js';
import { OutboxShipper } from '../store/outbox-shipper.js';
import { useStoreCluster } from '../store/testing/store-fixture.js';
import { threeDays } from '../signing/testing/signed-journal.js';

const store = useStoreCluster();

describe('verify against the store', () => {
  test('the store\'s copy has its signatures checked; a cut-off end is caught against it (exit 3)', async () => {
    await withTempDir('counterpay-store-anchor-', async (root) => {
      await threeDays(root);
      const env = join(root, 'training');
      writeFileSync(join(env, 'register.json'), JSON.stringify({ registerId: 'REG-1', defaultTerminalId: null }));
      const url = store.freshDatabase();
      const shipper = new OutboxShipper(await store.connect(url, 'REG-1', 'Caisse 1'), JournalFeed.forDataDir(env));
      await shipper.flush();
      await shipper.stop();

      const noKeys = await runCli(['verify', '--store-url', url]);
      assert.equal(noKeys.code, 0, noKeys.out);
      // Without the register's keys nothing can check its signatures: the summary says so, never "checked".
      assert.match(noKeys.out, /^store intact: \d+ records of 1 register\(s\); [1-9]\d* signature\(s\) not checked \(their keys were not given: --public-keys\)\n$/);
      assert.match(noKeys.err, /signed by key [0-9a-f]{16}, not given: give the register's public-keys\.pem/);
      const keys = join(env, 'journal', 'public-keys.pem');
      const withKeys = await runCli(['verify', '--store-url', url, '--public-keys', keys]);
      assert.equal(withKeys.code, 0, withKeys.out);
      assert.equal(withKeys.err, '');
      assert.match(withKeys.out, /^store intact: \d+ records of 1 register\(s\); [1-9]\d* signature\(s\) checked; signing key\(s\) [0-9a-f]{16} \(SHA-256 fingerprint [0-9a-f]{64}\)\n$/);
      const db = new URL(url).pathname.slice(1);
      const forged = store.cluster().psql(`SELECT seq FROM chain_records WHERE raw LIKE '%"kind":"signature"%' ORDER BY seq LIMIT 1`, db).trim();
      store.cluster().psql(`UPDATE chain_records SET raw = regexp_replace(raw, '"signature":"[A-Za-z0-9+/]{4}', '"signature":"AAAA') WHERE seq = ${forged}`, db);
      const broken = await runCli(['verify', '--store-url', url, '--public-keys', keys]);
      assert.equal(broken.code, 3);
      assert.match(broken.out, new RegExp(`store register REG-1 record ${forged}: edited record`));

      const intact = await runCli(['verify', '--data-dir', root, '--store-url', url]);
      assert.equal(intact.code, 0, intact.out);
      assert.match(intact.out, /its end checked against the store \(register REG-1\)\n$/);
      const newest = join(env, 'journal', '2026-04-03.jsonl');
      const lines = readFileSync(newest, 'utf8').split('\n');
      writeFileSync(newest, `${lines.slice(0, -2).join('\n')}\n`);
      assert.equal((await runCli(['verify', '--data-dir', root])).code, 0, 'the last record cut: nothing in the folder shows it');
      const cut = await runCli(['verify', '--data-dir', root, '--store-url', url]);
      assert.equal(cut.code, 3, cut.out);
      assert.match(cut.out, /missing record\(s\): the journal ends at record \d+, but the store \(register REG-1\) holds record \d+: records were cut off the end/);
    });
  });
});
