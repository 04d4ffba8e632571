import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalTerminalDirectory, NamesNotShared, NameTakenInStore } from '../terminals/terminal-directory.js';
import type { StoreConnection } from './connection.js';
import { entriesFromRows, StoreTerminalNames } from './terminal-names.js';
import { useStoreCluster } from './testing/store-fixture.js';

const store = useStoreCluster();
const folder = () => mkdtempSync(join(tmpdir(), 'terminal-names-'));

/** One register's directory; `up` switches its link to the store off and on, as StoreMode's status does. */
function register(conn: StoreConnection, registerId: string, dir = folder(), environment = 'sandbox') {
  const link = { up: true };
  const local = LocalTerminalDirectory.open(dir);
  const names = new StoreTerminalNames({ environment, registerId, local, link: () => (link.up ? conn : null) });
  return { names, link, dir };
}

const namesOf = async (d: { entries(): Promise<Record<string, { name: string | null }>> }) =>
  Object.fromEntries(Object.entries(await d.entries()).map(([id, e]) => [id, e.name]));

describe('terminal names shared through the store', () => {
  it('a name set on one register is read by another, and only in the same bank environment', async () => {
    const url = store.freshDatabase();
    const a = register(await store.connect(url, 'REG-A', 'Caisse A'), 'REG-A');
    const b = register(await store.connect(url, 'REG-B', 'Caisse B'), 'REG-B');
    const prod = register(await store.connect(url, 'REG-C', 'Caisse C'), 'REG-C', folder(), 'production');
    await a.names.setName('t1', 'Comptoir');
    assert.deepEqual(await namesOf(b.names), { t1: 'Comptoir' });
    assert.deepEqual(await namesOf(prod.names), {});
    await b.names.setName('t1', null);
    assert.deepEqual(await namesOf(a.names), { t1: null });
    const row = store.cluster().psql(`SELECT updated_by FROM terminal_names WHERE terminal_id = 't1'`, new URL(url).pathname.slice(1)).trim();
    assert.equal(row, 'REG-B');
  });

  it('last uses from every register: the latest wins, whoever wrote last', async () => {
    const url = store.freshDatabase();
    const a = register(await store.connect(url, 'REG-A', 'Caisse A'), 'REG-A');
    const b = register(await store.connect(url, 'REG-B', 'Caisse B'), 'REG-B');
    await a.names.recordUse('t1', '2026-11-23T10:42:00.000Z', 'REG-A');
    await b.names.recordUse('t1', '2026-11-23T10:41:00.000Z', 'REG-B');
    const e = (await b.names.entries())['t1'];
    assert.deepEqual(e, { name: null, lastUsedAt: '2026-11-23T10:42:00.000Z', lastUsedBy: 'REG-A' });
  });

  it('with the store down: the last names known are shown, a rename is refused, a use is kept and pushed on return', async () => {
    const url = store.freshDatabase();
    const a = register(await store.connect(url, 'REG-A', 'Caisse A'), 'REG-A');
    const b = register(await store.connect(url, 'REG-B', 'Caisse B'), 'REG-B');
    await a.names.setName('t1', 'Comptoir');
    assert.deepEqual(await namesOf(b.names), { t1: 'Comptoir' });
    b.link.up = false;
    assert.deepEqual(await namesOf(b.names), { t1: 'Comptoir' });
    // Also after a restart: the copy is on disk.
    const restarted = register(await store.connect(url, 'REG-B', 'Caisse B'), 'REG-B', b.dir);
    restarted.link.up = false;
    assert.deepEqual(await namesOf(restarted.names), { t1: 'Comptoir' });
    await assert.rejects(restarted.names.setName('t1', 'Terrasse'), NamesNotShared);
    await restarted.names.recordUse('t1', '2026-11-23T11:00:00.000Z', 'REG-B');
    assert.equal((await a.names.entries())['t1']?.lastUsedAt, null, 'not shared while down');
    restarted.link.up = true;
    await restarted.names.entries();
    assert.deepEqual((await a.names.entries())['t1'], { name: 'Comptoir', lastUsedAt: '2026-11-23T11:00:00.000Z', lastUsedBy: 'REG-B' });
  });

  it('a register joining the store offers the names it had alone; the store wins on every conflict', async () => {
    const url = store.freshDatabase();
    const shop = register(await store.connect(url, 'REG-A', 'Caisse A'), 'REG-A');
    await shop.names.setName('t1', 'Comptoir');
    await shop.names.setName('t3', 'Bar');
    await shop.names.setName('t3', null);
    await shop.names.recordUse('t4', '2026-11-23T09:00:00.000Z', 'REG-A');
    // Named while standalone: t1 differently (store keeps Comptoir), t2 freshly (offered), t3 (cleared in the store: stays cleared),
    // t4 (used but never named in the store: offered), t5 with a name the store gives t1 (refused).
    const dir = folder();
    const alone = LocalTerminalDirectory.open(dir);
    for (const [id, n] of [['t1', 'Caisse'], ['t2', 'Terrasse'], ['t3', 'Vitrine'], ['t4', 'Fond'], ['t5', 'comptoir']] as const) await alone.setName(id, n);
    const joined = register(await store.connect(url, 'REG-B', 'Caisse B'), 'REG-B', dir);
    const expected = { t1: 'Comptoir', t2: 'Terrasse', t3: null, t4: 'Fond' };
    assert.deepEqual(await namesOf(joined.names), expected);
    assert.deepEqual(await namesOf(shop.names), expected);
    assert.deepEqual(await namesOf(LocalTerminalDirectory.open(dir)), expected, 'its copy follows the store');
  });

  it('two registers giving one name to two terminals at once: one gets it, the other is told it is taken', async () => {
    const url = store.freshDatabase();
    const a = register(await store.connect(url, 'REG-A', 'Caisse A'), 'REG-A');
    const b = register(await store.connect(url, 'REG-B', 'Caisse B'), 'REG-B');
    const results = await Promise.allSettled([a.names.setName('t1', 'Comptoir'), b.names.setName('t2', 'COMPTOIR')]);
    assert.equal(results.filter((r) => r.status === 'fulfilled').length, 1);
    const refused = results.find((r) => r.status === 'rejected');
    assert.ok(refused?.status === 'rejected' && refused.reason instanceof NameTakenInStore);
  });

  it('rows written around Counterpay are read like any input: bad ones are left out, the rest shown', async () => {
    const url = store.freshDatabase();
    const a = register(await store.connect(url, 'REG-A', 'Caisse A'), 'REG-A');
    await a.names.setName('ok', 'Comptoir');
    const db = new URL(url).pathname.slice(1);
    store.cluster().psql(`DROP INDEX terminal_names_unique_name`, db);
    store.cluster().psql(`INSERT INTO terminal_names (bank_environment, terminal_id, name, updated_by) VALUES
      ('sandbox', 'long', '${'x'.repeat(31)}', 'SQL'),
      ('sandbox', 'bidi', E'Ter\\u202Erasse', 'SQL'),
      ('sandbox', 'spaces', '  Bar  ', 'SQL'),
      ('sandbox', 'twin', 'comptoir', 'SQL'),
      ('sandbox', E'ctl\\u0007', 'Fond', 'SQL'),
      ('sandbox', '${'i'.repeat(201)}', 'Cave', 'SQL')`, db);
    const entries = await a.names.entries();
    assert.deepEqual(Object.fromEntries(Object.entries(entries).map(([id, e]) => [id, e.name])), {
      ok: 'Comptoir', long: null, bidi: null, spaces: null, twin: null,
    });
  });

  it('entriesFromRows drops times and registers of the wrong kind', () => {
    const { entries, dropped } = entriesFromRows([
      { terminal_id: 't1', name: 'A', last_used_at: new Date('2026-11-23T10:00:00Z'), last_used_by: 'REG-1' },
      { terminal_id: 't2', name: 'B', last_used_at: 'not a time', last_used_by: 'REG-1' },
      { terminal_id: 't3', name: 'C', last_used_at: null, last_used_by: 42 },
      { terminal_id: 7, name: 'D', last_used_at: null, last_used_by: null },
      { terminal_id: 't1', name: 'E', last_used_at: null, last_used_by: null },
    ]);
    assert.deepEqual(entries, { t1: { name: 'A', lastUsedAt: '2026-11-23T10:00:00.000Z', lastUsedBy: 'REG-1' } });
    assert.equal(dropped, 4);
  });
});
