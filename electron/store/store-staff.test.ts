/**
 * The staff list shared through a real PostgreSQL store: a person added on one register signs
 * in on another, the store wins, a register whose store is down keeps its last copy (and
 * refuses changes), lock-outs follow a person across registers, and the PIN hashes sit where
 * the read-only export role cannot read them.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ManualClock } from '../../shared/clock.js';
import { StaffList, STAFF_FILE } from '../auth/staff-list.js';
import { StaffRefusal } from '../auth/staff-rules.js';
import type { StoreConnection } from './connection.js';
import { storeStaff } from './store-staff.js';
import { useStoreCluster } from './testing/store-fixture.js';

const store = useStoreCluster();
const COST = { N: 2 ** 10, r: 8, p: 1 };
const clock = new ManualClock({ start: 1_800_000_000_000, frozen: true });

/** One register's staff list; `link.up` switches its store off and on, as StoreMode's status does; `beforePush` holds a save back. */
async function register(conn: StoreConnection) {
  const link = { up: true, beforePush: async () => {} };
  const staff = await StaffList.open({ path: join(mkdtempSync(join(tmpdir(), 'store-staff-')), STAFF_FILE), clock, cost: COST });
  const store = storeStaff(() => (link.up ? conn : null));
  const shared: typeof store = { ...store, push: async (doc, base) => { await link.beforePush(); return store.push(doc, base); } };
  staff.follow(() => shared);
  return { staff, link };
}

/** Registers A and B on a fresh store; Maria (manager) and Anna (cashier) added on A. */
async function twoRegisters() {
  const url = store.freshDatabase();
  const a = await register(await store.connect(url, 'REG-A', 'Caisse A'));
  const b = await register(await store.connect(url, 'REG-B', 'Caisse B'));
  await a.staff.add({ name: 'Maria', role: 'manager', pin: '9999' });
  const anna = await a.staff.add({ name: 'Anna', role: 'cashier', pin: '1111' });
  return { url, a, b, anna };
}

const names = (s: StaffList) => s.members().map((m) => `${m.name}:${m.role}:${m.active ? 'on' : 'off'}`);
const refused = (why: string) => (e: unknown) => e instanceof StaffRefusal && e.why === why;

describe('the staff list shared through the store', () => {
  it('a person added on one register signs in on the other; the first register seeds the store, the store wins after', async () => {
    const { url, a, b, anna } = await twoRegisters();
    await b.staff.refresh();
    assert.deepEqual(names(b.staff), ['Maria:manager:on', 'Anna:cashier:on']);
    assert.equal((await b.staff.verify(anna.id, '1111')).check.result, 'ok');
    await b.staff.add({ name: 'Ben', role: 'cashier', pin: '2222' });
    await a.staff.refresh();
    assert.deepEqual(names(a.staff), ['Maria:manager:on', 'Anna:cashier:on', 'Ben:cashier:on']);
    // A register joining later takes the store's list; while its store is down it changes nothing.
    const c = await register(await store.connect(url, 'REG-C', 'Caisse C'));
    c.link.up = false;
    await assert.rejects(c.staff.add({ name: 'Zoe', role: 'manager', pin: '5555' }), refused('store_down'));
    c.link.up = true;
    await c.staff.refresh();
    assert.deepEqual(names(c.staff), names(a.staff));
  });

  it('with the store down: the last copy, said so; changes refused with nothing written; a deactivation elsewhere counts on reconnection', async () => {
    const { a, b, anna } = await twoRegisters();
    await b.staff.refresh();
    b.link.up = false;
    assert.equal(b.staff.lastCopy(), true);
    assert.equal(a.staff.lastCopy(), false);
    assert.equal((await b.staff.verify(anna.id, '1111')).check.result, 'ok', 'the last copy still signs people in');
    await assert.rejects(b.staff.edit(anna.id, { name: 'Anna B.' }), refused('store_down'));
    assert.deepEqual(names(b.staff), ['Maria:manager:on', 'Anna:cashier:on']);
    await a.staff.setActive(anna.id, false);
    b.link.up = true;
    assert.deepEqual((await b.staff.verify(anna.id, '1111')).check, { result: 'refused', why: 'inactive' });
  });

  it('two managers saving at once on two registers: the later save is refused in words, nothing of the first is lost', async () => {
    const { a, b, anna } = await twoRegisters();
    await b.staff.refresh();
    // B's manager starts a change (B reads the store's list), A's manager saves meanwhile, then B's save reaches the store.
    let letGo = () => {};
    const held = new Promise<void>((r) => { letGo = r; });
    let reached = () => {};
    const atPush = new Promise<void>((r) => { reached = r; });
    b.link.beforePush = async () => { reached(); await held; };
    const later = b.staff.add({ name: 'Ben', role: 'cashier', pin: '2222' });
    await atPush;
    await a.staff.edit(anna.id, { name: 'Anna B.' });
    letGo();
    await assert.rejects(later, refused('changed_elsewhere'));
    b.link.beforePush = async () => {};
    // Nothing half-written: the store and B's own copy hold A's change and no Ben.
    await a.staff.refresh();
    assert.deepEqual(names(a.staff), ['Maria:manager:on', 'Anna B.:cashier:on']);
    assert.deepEqual(names(b.staff), ['Maria:manager:on', 'Anna:cashier:on'], 'B\'s copy is untouched until it reads again');
    // Looked at again, the same change goes through, on top of A's.
    await b.staff.add({ name: 'Ben', role: 'cashier', pin: '2222' });
    await a.staff.refresh();
    assert.deepEqual(names(a.staff), ['Maria:manager:on', 'Anna B.:cashier:on', 'Ben:cashier:on']);
  });

  it('a lock-out counted on one register while another saves the list is kept', async () => {
    const { a, b, anna } = await twoRegisters();
    let letGo = () => {};
    const held = new Promise<void>((r) => { letGo = r; });
    let reached = () => {};
    const atPush = new Promise<void>((r) => { reached = r; });
    a.link.beforePush = async () => { reached(); await held; };
    // A's save was read before Anna's wrong PINs on B: it must not bring back her older, unlocked state.
    const save = a.staff.setIdleMinutes(7);
    await atPush;
    for (let i = 0; i < 5; i++) await b.staff.verify(anna.id, '0000');
    letGo();
    await save;
    assert.equal((await b.staff.verify(anna.id, '1111')).check.result, 'locked');
    assert.equal(b.staff.idleMinutes(), 7);
  });

  it('a person locked out on one register is locked out on the other', async () => {
    const { a, b, anna } = await twoRegisters();
    for (let i = 0; i < 5; i++) await a.staff.verify(anna.id, '0000');
    assert.equal((await b.staff.verify(anna.id, '1111')).check.result, 'locked');
  });

  it('the export role reads the names, never the PIN hashes', async () => {
    const url = store.freshDatabase();
    const a = await register(await store.connect(url, 'REG-A', 'Caisse A'));
    await a.staff.add({ name: 'Maria', role: 'manager', pin: '9999' });
    const db = new URL(url).pathname.slice(1);
    const cluster = store.cluster();
    assert.equal(cluster.psql('SET ROLE counterpay_export; SELECT name FROM staff_people', db).trim(), 'Maria');
    assert.throws(() => cluster.psql('SET ROLE counterpay_export; SELECT pin FROM staff_pins', db), /permission denied/);
    assert.doesNotMatch(cluster.psql('SELECT pin::text FROM staff_pins', db), /9999/);
  });
});
