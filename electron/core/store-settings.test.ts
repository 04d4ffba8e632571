/**
 * The store in Settings, against a real PostgreSQL: each store the register cannot use is refused
 * with its own reason and changes nothing; a good one is saved encrypted (never in plain text, never
 * in a log, never in an answer) and the register reopens in store mode; stopping returns it to
 * working alone; neither happens while a sale is open.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { SANDBOX_TERMINALS } from '../sandbox/index.js';
import { useStoreCluster } from '../store/testing/store-fixture.js';
import { STORE_VAULT_FILE_NAME } from './environment-secrets.js';
import { readTree, withApp, type AppFixture } from './testing/app-fixture.js';

const store = useStoreCluster();
const PASSWORD = 'counterpay-test-password';

async function connected(f: AppFixture): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if ((await f.ok('getAppState')).store?.status === 'connected') return;
    await new Promise((r) => setTimeout(r, 50));
  }
  assert.fail('the store never connected');
}

async function refusedAs(f: AppFixture, url: string, reason: string): Promise<void> {
  const res = await f.call('saveStoreSettings', { url, registerName: 'Caisse 1' });
  assert.equal(res.ok ? 'saved' : res.error.reason, reason);
  const view = await f.ok('getSettings');
  assert.deepEqual(view.store, { source: 'none', target: null, registerName: null, link: null }, 'nothing changed');
  assert.equal((await f.ok('getAppState')).store, null, 'the register still works alone');
}

describe('the store in Settings', () => {
  test('each unusable store is refused with its own reason and nothing changes; a good one connects, then stopping works alone again', () =>
    withApp({}, async (f) => {
      const good = store.freshDatabase();
      const db = new URL(good).pathname.slice(1);
      store.cluster().psql(`CREATE ROLE caisse LOGIN PASSWORD '${PASSWORD}'; GRANT ALL ON DATABASE ${db} TO caisse; ALTER DATABASE ${db} OWNER TO caisse`);
      const url = new URL(good);
      url.username = 'caisse';
      url.password = PASSWORD;
      const wrong = new URL(url);
      wrong.password = 'not-the-password';
      const foreign = store.freshDatabase();
      store.cluster().psql('CREATE TABLE invoices (id int)', new URL(foreign).pathname.slice(1));

      await refusedAs(f, 'mysql://shop/db', 'store.bad_url');
      await refusedAs(f, wrong.toString(), 'store.wrong_password');
      await refusedAs(f, foreign, 'store.not_a_store');
      assert.equal(store.cluster().psql(`SELECT count(*) FROM pg_tables WHERE schemaname = 'public'`, new URL(foreign).pathname.slice(1)).trim(), '1',
        'nothing was created in a database that belongs to something else');
      const bad = await f.call('saveStoreSettings', { url: url.toString(), registerName: 'Caisse\n1' });
      assert.equal(bad.ok ? null : bad.error.issues?.[0]?.pointer, '/registerName');

      const saved = await f.ok('saveStoreSettings', { url: url.toString(), registerName: 'Caisse 1' });
      assert.equal(saved.store.source, 'settings');
      assert.deepEqual(saved.store.target, { host: url.hostname, port: Number(url.port), database: db, user: 'caisse', tls: false });
      assert.equal(saved.store.registerName, 'Caisse 1');
      await connected(f);
      assert.equal((await f.ok('getAppState')).store?.registerName, 'Caisse 1', 'the top bar names the register');
      assert.equal(store.cluster().psql('SELECT name FROM registers', db).trim(), 'Caisse 1');

      // The password is a secret: in no answer, no log line, no file in plain text.
      assert.ok(!JSON.stringify([saved, await f.ok('getSettings'), await f.ok('getAppState')]).includes(PASSWORD));
      assert.ok(!f.logger.lines.join('\n').includes(PASSWORD));
      assert.ok(existsSync(join(f.dataDir, STORE_VAULT_FILE_NAME)));
      assert.ok(!(await readTree(f.dataDir)).includes(PASSWORD), 'the data folder holds the URL encrypted only');

      const stopped = await f.ok('stopUsingStore');
      assert.equal(stopped.store.source, 'none');
      assert.equal((await f.ok('getAppState')).store, null);
      assert.ok(!existsSync(join(f.dataDir, STORE_VAULT_FILE_NAME)), 'the saved address is forgotten');
    }));

  test('neither saving nor stopping while a sale is open, so no lease is cut under a payment; a restart keeps the store', () =>
    withApp({}, async (f) => {
      const url = store.freshDatabase();
      await f.ok('saveStoreSettings', { url, registerName: 'Caisse 2' });
      await connected(f);
      const open = await f.ok('charge', { terminalId: SANDBOX_TERMINALS.fr.approve, amountMinor: 1200, currency: 'EUR', metadata: {} });
      assert.equal(open.lease, 'held');
      for (const res of [await f.call('stopUsingStore'), await f.call('saveStoreSettings', { registerName: 'Caisse 3' })]) {
        assert.equal(res.ok ? 'done' : res.error.reason, 'store.sale_open');
      }
      await f.ok('abandon', { attemptId: open.id });
      await f.app.context.engine.settled();
      // Abandoned is not yet answered: the push may still be on its way to the bank, which refuses the save meanwhile.
      for (let i = 0; i < 100 && f.app.context.engine.get(open.id)?.state === 'sending'; i++) await new Promise((r) => setTimeout(r, 20));
      // A rename keeps the saved address: the screen never has it to send back.
      const renamed = await f.ok('saveStoreSettings', { registerName: 'Caisse 3' });
      assert.equal(renamed.store.registerName, 'Caisse 3');
      await f.app.close();
      const again = await f.reopen();
      for (let i = 0; i < 100 && again.context.store?.view().status !== 'connected'; i++) await new Promise((r) => setTimeout(r, 50));
      assert.equal(again.context.store?.view().registerName, 'Caisse 3');
      assert.equal(again.context.store?.view().status, 'connected');
    }));
});
