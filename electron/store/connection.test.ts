import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { StoreConnection } from './connection.js';
import { freePort } from './local-cluster.js';
import { MIGRATIONS, SCHEMA_VERSION } from './migrations.js';
import { StoreProblem, type StoreProblemCode } from './store-problem.js';
import { describeStoreUrl } from './store-url.js';
import { useStoreCluster } from './testing/store-fixture.js';

const store = useStoreCluster();

async function refusal(url: string): Promise<StoreProblem> {
  try {
    const c = await StoreConnection.open({ url, registerId: 'REG-1', registerName: 'Caisse 1', connectTimeoutMs: 2_000 });
    await c.close();
  } catch (e) {
    assert.ok(e instanceof StoreProblem, `expected a StoreProblem, got ${String(e)}`);
    return e;
  }
  assert.fail('the store was accepted');
}

async function expectCode(url: string, code: StoreProblemCode): Promise<void> {
  const p = await refusal(url);
  assert.equal(p.code, code, p.detail);
  assert.ok(!/postgres:\/\/[^@\s]*:[^@\s*]+@/.test(p.message), 'the log line never carries a password');
}

describe('store connection', () => {
  it('makes an empty database a store at the current schema, and reconnects without migrating again', async () => {
    const url = store.freshDatabase();
    const c1 = await store.connect(url, 'REG-1', 'Caisse 1');
    const v = await c1.withClient((c) => c.query<{ version: number }>('SELECT version FROM counterpay_schema'));
    assert.equal(v.rows[0]?.version, SCHEMA_VERSION);
    const c2 = await store.connect(url, 'REG-1', 'Caisse 1 bis');
    const regs = await c2.withClient((c) => c.query<{ name: string }>('SELECT name FROM registers'));
    assert.deepEqual(regs.rows.map((r) => r.name), ['Caisse 1 bis']);
  });

  it('two registers connecting at once to an empty database migrate it once', async () => {
    const url = store.freshDatabase();
    await Promise.all([store.connect(url, 'REG-1', 'Caisse 1'), store.connect(url, 'REG-2', 'Caisse 2')]);
    assert.equal(store.cluster().psql('SELECT version FROM counterpay_schema', new URL(url).pathname.slice(1)).trim(), String(SCHEMA_VERSION));
  });

  it('refuses a store whose schema is newer than it understands, and leaves it untouched', async () => {
    const url = store.freshDatabase();
    await (await store.connect(url, 'REG-1', 'Caisse 1')).close();
    const db = new URL(url).pathname.slice(1);
    store.cluster().psql(`UPDATE counterpay_schema SET version = ${MIGRATIONS.length + 1}`, db);
    await expectCode(url, 'newer_schema');
    assert.equal(store.cluster().psql('SELECT version FROM counterpay_schema', db).trim(), String(MIGRATIONS.length + 1));
  });

  it('refuses a database that belongs to something else', async () => {
    const url = store.freshDatabase();
    store.cluster().psql('CREATE TABLE invoices (id int)', new URL(url).pathname.slice(1));
    await expectCode(url, 'not_a_store');
  });

  it('names a wrong password, a missing database, an unreachable server and a malformed address apart', async () => {
    const url = store.freshDatabase();
    await expectCode(store.cluster().url(new URL(url).pathname.slice(1), 'not-the-password'), 'wrong_password');
    await expectCode(store.cluster().url('no_such_db'), 'no_database');
    await expectCode(`postgres://counterpay:x@127.0.0.1:${await freePort()}/counterpay`, 'unreachable');
    await expectCode('http://example.test/db', 'bad_url');
    await expectCode('postgres://127.0.0.1:5432/', 'bad_url');
  });

  it('names a secure connection the server cannot make', async () => {
    const url = new URL(store.freshDatabase());
    url.searchParams.set('sslmode', 'require');
    await expectCode(url.toString(), 'tls');
  });

  it('names a server that requires a secure connection when the address asks for none', async () => {
    const url = new URL(store.freshDatabase());
    const db = url.pathname.slice(1);
    // How an administrator requires TLS for a role: plain connections of that role are rejected.
    store.cluster().psql(`DROP ROLE IF EXISTS tlsonly; CREATE ROLE tlsonly LOGIN PASSWORD 'pw'; GRANT ALL ON DATABASE ${db} TO tlsonly`);
    const hba = join(store.cluster().dir, 'data', 'pg_hba.conf');
    const before = readFileSync(hba, 'utf8');
    writeFileSync(hba, `hostnossl all tlsonly 127.0.0.1/32 reject\n${before}`);
    store.cluster().psql('SELECT pg_reload_conf()');
    try {
      url.username = 'tlsonly';
      url.password = 'pw';
      await expectCode(url.toString(), 'tls');
    } finally {
      writeFileSync(hba, before);
      store.cluster().psql('SELECT pg_reload_conf()');
    }
  });

  it('describes a store to a manager without its password', () => {
    assert.deepEqual(describeStoreUrl('postgres://caisse:s3cr%40t@db.shop.example:6543/shop%20one?sslmode=verify-full'),
      { host: 'db.shop.example', port: 6543, database: 'shop one', user: 'caisse', tls: true });
    assert.deepEqual(describeStoreUrl('postgresql://u:p@[::1]/shop?sslmode=disable'), { host: '::1', port: 5432, database: 'shop', user: 'u', tls: false });
    assert.equal(describeStoreUrl('postgres://u:p@h/db?ssl=true')?.tls, true);
    assert.equal(describeStoreUrl('not a url'), null);
  });

  it('names missing rights when the role may not create the schema', async () => {
    const url = store.freshDatabase();
    const db = new URL(url).pathname.slice(1);
    store.cluster().psql(`DROP ROLE IF EXISTS clerk; CREATE ROLE clerk LOGIN PASSWORD 'pw'; REVOKE CREATE ON SCHEMA public FROM PUBLIC;`, db);
    const clerk = new URL(url);
    clerk.username = 'clerk';
    clerk.password = 'pw';
    await expectCode(clerk.toString(), 'no_privilege');
  });
});
