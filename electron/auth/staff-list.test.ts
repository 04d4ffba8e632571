/** The staff list: who may be added, renamed, deactivated, and how each person's PIN and lock-out behave. */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ManualClock } from '../../shared/clock.js';
import { withTempDir } from '../fs/testing/temp-dir.js';
import { hashPin } from './pin-hash.js';
import { FIRST_LOCK_MS } from './pin-lockout.js';
import { StaffList, STAFF_FILE } from './staff-list.js';
import { StaffRefusal } from './staff-rules.js';

/** Cheaper than production so the many derivations here stay fast. */
const COST = { N: 2 ** 10, r: 8, p: 1 };

function setup(fn: (c: { path: string; clock: ManualClock; open: () => Promise<StaffList> }) => Promise<void>): Promise<void> {
  return withTempDir('staff-', (dir) => {
    const path = join(dir, STAFF_FILE);
    const clock = new ManualClock({ start: 1_800_000_000_000, frozen: true });
    let n = 0;
    return fn({ path, clock, open: () => StaffList.open({ path, clock, cost: COST, newId: () => `p-${++n}-${Date.now() % 1000}` }) });
  });
}

const refused = (why: string) => (e: unknown) => e instanceof StaffRefusal && e.why === why;

describe('staff list', () => {
  test('a new register has nobody: the counter asks no one', () => setup(async ({ open }) => {
    const staff = await open();
    assert.deepEqual(staff.members(), []);
    assert.equal(staff.hasActiveCashier(), false);
  }));

  test('people are kept with a salted hash of their own PIN only, owner-readable, and come back after a restart', () => setup(async ({ open, path }) => {
    const staff = await open();
    await staff.add({ name: 'Maria', role: 'manager', pin: '4321' });
    const anna = await staff.add({ name: '  Anna   Weber ', role: 'cashier', pin: '1234' });
    assert.equal(anna.name, 'Anna Weber');
    const text = await readFile(path, 'utf8');
    assert.doesNotMatch(text, /1234|4321/);
    assert.equal((await stat(path)).mode & 0o777, 0o600);
    const again = await open();
    assert.deepEqual(again.members(), staff.members());
    assert.equal(again.hasActiveCashier(), true);
    assert.equal((await again.verify(anna.id, '1234')).check.result, 'ok');
  }));

  test('bad input is refused in words and nothing is written', () => setup(async ({ open, path }) => {
    const staff = await open();
    await staff.add({ name: 'Maria', role: 'manager', pin: '4321' });
    const before = await readFile(path, 'utf8');
    await assert.rejects(staff.add({ name: 'Bob', role: 'cashier', pin: '123' }), refused('pin_shape'));
    await assert.rejects(staff.add({ name: 'Bob', role: 'cashier', pin: '123456789' }), refused('pin_shape'));
    await assert.rejects(staff.add({ name: '   ', role: 'cashier', pin: '1234' }), refused('name_empty'));
    await assert.rejects(staff.add({ name: 'x'.repeat(41), role: 'cashier', pin: '1234' }), refused('name_long'));
    await assert.rejects(staff.add({ name: ' maria ', role: 'cashier', pin: '1234' }), (e) => refused('name_taken')(e) && /Maria/.test((e as Error).message));
    assert.equal(await readFile(path, 'utf8'), before);
    assert.equal(staff.members().length, 1);
  }));

  test('two people may not share a name: the manager renames one first', () => setup(async ({ open }) => {
    const staff = await open();
    await staff.add({ name: 'Maria', role: 'manager', pin: '4321' });
    const anna = await staff.add({ name: 'Anna', role: 'cashier', pin: '1234' });
    await assert.rejects(staff.edit(anna.id, { name: 'MARIA' }), refused('name_taken'));
    assert.equal((await staff.edit(anna.id, { name: 'Anna B.' })).name, 'Anna B.');
    await staff.setActive(anna.id, false);
    await assert.rejects(staff.add({ name: 'anna b.', role: 'cashier', pin: '5555' }), refused('name_taken'), 'the journal still names the deactivated one');
  }));

  test('the last active manager cannot be deactivated or made a cashier', () => setup(async ({ open }) => {
    const staff = await open();
    const maria = await staff.add({ name: 'Maria', role: 'manager', pin: '4321' });
    await assert.rejects(staff.setActive(maria.id, false), refused('last_manager'));
    await assert.rejects(staff.edit(maria.id, { role: 'cashier' }), refused('last_manager'));
    const tom = await staff.add({ name: 'Tom', role: 'manager', pin: '9999' });
    await staff.setActive(maria.id, false);
    await assert.rejects(staff.setActive(tom.id, false), refused('last_manager'));
  }));

  test('a deactivated person cannot sign in, even with the right PIN', () => setup(async ({ open }) => {
    const staff = await open();
    await staff.add({ name: 'Maria', role: 'manager', pin: '4321' });
    const anna = await staff.add({ name: 'Anna', role: 'cashier', pin: '1234' });
    await staff.setActive(anna.id, false);
    assert.deepEqual((await staff.verify(anna.id, '1234')).check, { result: 'refused', why: 'inactive' });
    assert.deepEqual((await staff.verify('nobody', '1234')).check, { result: 'refused', why: 'unknown_person' });
  }));

  test('each person has their own lock-out, kept across a restart, cleared by a new PIN', () => setup(async ({ open, clock }) => {
    const staff = await open();
    await staff.add({ name: 'Maria', role: 'manager', pin: '4321' });
    const anna = await staff.add({ name: 'Anna', role: 'cashier', pin: '1234' });
    const ben = await staff.add({ name: 'Ben', role: 'cashier', pin: '2222' });
    assert.deepEqual((await staff.verify(anna.id, '0000')).check, { result: 'wrong', attemptsLeft: 4 });
    for (let i = 0; i < 3; i++) await staff.verify(anna.id, '0000');
    assert.deepEqual((await staff.verify(anna.id, '0000')).check, { result: 'locked', retryAfterMs: FIRST_LOCK_MS });
    const reopened = await open();
    assert.equal((await reopened.verify(anna.id, '1234')).check.result, 'locked', 'the right PIN waits out the pause');
    assert.equal((await reopened.verify(ben.id, '2222')).check.result, 'ok', 'Ben is not locked by Anna\'s mistakes');
    clock.advance(FIRST_LOCK_MS);
    assert.equal((await reopened.verify(anna.id, '1234')).check.result, 'ok');
    for (let i = 0; i < 5; i++) await reopened.verify(ben.id, '0000');
    await reopened.edit(ben.id, { pin: '3333' });
    assert.equal((await reopened.verify(ben.id, '3333')).check.result, 'ok');
  }));

  test('the manager PIN becomes the first manager by its hash; only once', () => setup(async ({ open }) => {
    const staff = await open();
    const m = await staff.adoptFirstManager('  Maria ', await hashPin('4321', COST));
    assert.deepEqual({ name: m.name, role: m.role, active: m.active }, { name: 'Maria', role: 'manager', active: true });
    assert.equal((await staff.verify(m.id, '4321')).check.result, 'ok');
    await assert.rejects(staff.adoptFirstManager('Tom', await hashPin('1111', COST)), refused('not_a_manager'));
  }));

  test('a damaged file is set aside; nobody signs in and nothing is added until it is restored', () => setup(async ({ open, path }) => {
    await writeFile(path, '{"version":1,"people":"nope"}');
    const staff = await open();
    assert.ok(staff.problem);
    assert.match(staff.problem.keptAs ?? '', /damaged/);
    await assert.rejects(staff.add({ name: 'Anna', role: 'cashier', pin: '1234' }), refused('list_unreadable'));
  }));

  test('idle minutes: a whole number from 1 to 240', () => setup(async ({ open }) => {
    const staff = await open();
    assert.equal(staff.idleMinutes(), 5);
    for (const bad of [0, 241, 2.5, Number.NaN]) await assert.rejects(staff.setIdleMinutes(bad), RangeError);
    await staff.setIdleMinutes(10);
    assert.equal((await open()).idleMinutes(), 10);
  }));
});
