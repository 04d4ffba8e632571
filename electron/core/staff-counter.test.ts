/**
 * Cashiers by name through the app core, as the windows call it: the staff list, who is selling,
 * each person's own PIN and lock-out, the journal naming a person, the idle lock, a restart
 * leaving nobody signed in, and the register's manager PIN named as the first manager.
 */
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { ChargeRequest } from '../../shared/ipc/contract.js';
import type { StaffView } from '../../shared/ipc/staff-requests.js';
import type { IpcResult } from '../../shared/ipc/types.js';
import { SANDBOX_TERMINALS } from '../sandbox/index.js';
import { decodeLine } from '../payments/journal-records.js';
import { dispatch } from './dispatch.js';
import { advanceUntil, withApp, type AppFixture } from './testing/app-fixture.js';

const T = SANDBOX_TERMINALS.fr;
const sale = (amountMinor: number): ChargeRequest => ({ terminalId: T.approve, amountMinor, currency: 'EUR', metadata: {} });
const idOf = (v: StaffView, name: string) => v.people.find((p) => p.name === name)?.id ?? assert.fail(`${name} is not listed`);

async function journal(f: AppFixture) {
  const dir = join(f.dataDir, 'training', 'journal');
  const files = (await readdir(dir)).filter((n) => n.endsWith('.jsonl')).sort();
  const lines = (await Promise.all(files.map((n) => readFile(join(dir, n), 'utf8')))).join('').trim().split('\n');
  return lines.map((l) => {
    const d = decodeLine(l);
    return d.ok ? d.entry : assert.fail(d.reason);
  });
}

async function reason(f: AppFixture, p: ReturnType<AppFixture['call']>) {
  const res = await p;
  return res.ok ? null : { reason: res.error.reason, params: res.error.params };
}

/** Maria (manager), Anna and Ben (cashiers); the back office locked again. */
async function shop(f: AppFixture): Promise<StaffView> {
  await f.ok('addStaff', { name: 'Maria', role: 'manager', pin: '9999' });
  await f.ok('addStaff', { name: 'Anna', role: 'cashier', pin: '1111' });
  const view = await f.ok('addStaff', { name: 'Ben', role: 'cashier', pin: '2222' });
  await f.ok('lockManager');
  return view;
}

describe('cashiers by name', () => {
  test('a shop with no cashier sells as before, naming nobody', () => withApp({}, async (f) => {
    assert.equal((await f.ok('getStaff')).asksWho, false);
    const a = await f.ok('charge', sale(500));
    assert.equal(a.cashier, undefined);
  }));

  test('the first person on the list is a manager; a cashier cannot reach the back office', () => withApp({}, async (f) => {
    assert.equal((await reason(f, f.call('addStaff', { name: 'Anna', role: 'cashier', pin: '1111' })))?.reason, 'staff.manager_first');
    const view = await shop(f);
    assert.equal((await f.call('getSettings')).ok, false, 'locked once a manager exists');
    await f.ok('signInStaff', { staffId: idOf(view, 'Anna'), pin: '1111' });
    const refused = await f.call('addStaff', { name: 'Eve', role: 'manager', pin: '1234' });
    assert.equal(refused.ok ? null : refused.error.code, 'locked');
    assert.equal((await f.ok('getManagerView')).unlocked, false);
  }));

  test('each signs in and sells under their name; a wrong PIN is refused; one is locked out, the other is not', () => withApp({}, async (f) => {
    const view = await shop(f);
    const anna = idOf(view, 'Anna');
    const ben = idOf(view, 'Ben');
    assert.equal((await f.ok('getStaff')).asksWho, true);
    assert.equal((await reason(f, f.call('charge', sale(500))))?.reason, 'staff.who_is_selling');
    assert.deepEqual(await reason(f, f.call('signInStaff', { staffId: anna, pin: '0000' })), { reason: 'staff.pin_wrong', params: { attemptsLeft: 4 } });
    for (let i = 0; i < 3; i++) await f.call('signInStaff', { staffId: anna, pin: '0000' });
    assert.equal((await reason(f, f.call('signInStaff', { staffId: anna, pin: '0000' })))?.reason, 'staff.pin_paused');
    assert.equal((await reason(f, f.call('signInStaff', { staffId: anna, pin: '1111' })))?.reason, 'staff.pin_paused', 'locked out, even with her PIN');
    const signed = await f.ok('signInStaff', { staffId: ben, pin: '2222' });
    assert.deepEqual(signed.signedIn, { id: ben, name: 'Ben', role: 'cashier' });
    const a = await f.ok('charge', sale(700));
    assert.deepEqual(a.cashier, { id: ben, name: 'Ben' });
    await advanceUntil(f.clock, 'Ben\'s sale paid', () => f.app.context.engine.get(a.id)?.state === 'authorized');
    f.clock.advance(30_000);
    await f.ok('signInStaff', { staffId: anna, pin: '1111' });
    const b = await f.ok('charge', sale(800));
    assert.deepEqual(b.cashier, { id: anna, name: 'Anna' });
    await advanceUntil(f.clock, 'Anna\'s sale paid', () => f.app.context.engine.get(b.id)?.state === 'authorized');
    const entries = await journal(f);
    const kinds = entries.filter((e) => e.kind !== 'update').map((e) => `${e.kind}:${e.by}`);
    assert.deepEqual(kinds.filter((k) => !k.startsWith('carry') && !k.startsWith('takeover')), [
      'sign_in:Ben', 'create:Ben', 'sign_out:Ben', 'sign_in:Anna', 'create:Anna',
    ]);
    assert.ok(entries.filter((e) => e.kind === 'create').every((e) => e.byStaff !== null));
    const switched = entries.find((e) => e.kind === 'sign_out');
    assert.deepEqual(switched?.body, { staff: { id: ben, name: 'Ben' }, registerId: f.app.context.settings.get().registerId, reason: 'switch' });
  }));

  test('a manager signed in needs no PIN; the closing names them without typing', () => withApp({}, async (f) => {
    const view = await shop(f);
    await f.ok('signInStaff', { staffId: idOf(view, 'Maria'), pin: '9999' });
    assert.deepEqual((await f.ok('getManagerView')).by, { id: idOf(view, 'Maria'), name: 'Maria' });
    const a = await f.ok('charge', sale(900));
    await advanceUntil(f.clock, 'paid', () => f.app.context.engine.get(a.id)?.state === 'authorized');
    const day = new Date(f.clock.now()).toISOString().slice(0, 10);
    const closed = await f.ok('closeDay', { day });
    assert.equal(closed.closings[0]?.by, 'Maria');
    const close = (await journal(f)).find((e) => e.kind === 'close');
    assert.deepEqual(close?.byStaff, { id: idOf(view, 'Maria'), name: 'Maria' });
  }));

  test('a month closing names the manager who unlocked with their PIN, without typing', () => withApp({}, async (f) => {
    const view = await shop(f);
    await f.ok('signInStaff', { staffId: idOf(view, 'Maria'), pin: '9999' });
    const a = await f.ok('charge', sale(900));
    await advanceUntil(f.clock, 'paid', () => f.app.context.engine.get(a.id)?.state === 'authorized');
    const day = new Date(f.clock.now()).toISOString().slice(0, 10);
    await f.ok('closeDay', { day });
    f.clock.advance(40 * 24 * 3600_000);
    await f.ok('unlockManager', { pin: '9999', staffId: idOf(view, 'Maria') });
    const closings = await f.ok('closePeriod', { kind: 'month', period: day.slice(0, 7) });
    assert.deepEqual([closings.periods[0]?.by, closings.periods[0]?.byStaff], ['Maria', { id: idOf(view, 'Maria'), name: 'Maria' }]);
    const month = (await journal(f)).find((e) => e.kind === 'close_month');
    assert.deepEqual(month?.byStaff, { id: idOf(view, 'Maria'), name: 'Maria' });
  }));

  test('idle minutes lock the counter back to "who is selling?"', () => withApp({}, async (f) => {
    const view = await shop(f);
    await f.ok('unlockManager', { pin: '9999', staffId: idOf(view, 'Maria') });
    await f.ok('setIdleMinutes', { minutes: 2 });
    await f.ok('lockManager');
    await f.ok('signInStaff', { staffId: idOf(view, 'Anna'), pin: '1111' });
    f.monotonic.advance(119_000);
    assert.equal((await f.ok('getStaff')).signedIn?.name, 'Anna');
    f.monotonic.advance(1_000);
    assert.equal((await f.ok('getStaff')).signedIn, null);
    let out;
    for (let i = 0; i < 100 && !out; i++) {
      await new Promise((r) => setTimeout(r, 5));
      out = (await journal(f)).find((e) => e.kind === 'sign_out');
    }
    assert.equal((out?.body as { reason: string }).reason, 'idle');
  }));

  test('after a restart nobody is signed in, and the sales keep who made them', () => withApp({}, async (f) => {
    const view = await shop(f);
    await f.ok('signInStaff', { staffId: idOf(view, 'Ben'), pin: '2222' });
    const a = await f.ok('charge', sale(1200));
    await f.app.close();
    const again = await f.reopen();
    const staff = (await dispatch(again, 'getStaff', undefined)) as IpcResult<StaffView>;
    assert.ok(staff.ok);
    assert.equal(staff.value.signedIn, null);
    assert.equal(staff.value.asksWho, true);
    assert.deepEqual(again.context.engine.get(a.id)?.cashier, { id: idOf(view, 'Ben'), name: 'Ben' });
  }));

  test('the register\'s manager PIN becomes the first manager once named; then it is theirs', () => withApp({}, async (f) => {
    await f.ok('setManagerPin', { pin: '4821' });
    await f.ok('lockManager');
    const opened = await f.ok('unlockManager', { pin: '4821' });
    assert.equal(opened.nameFirstManager, true);
    assert.equal((await reason(f, f.call('addStaff', { name: 'Tom', role: 'manager', pin: '1234' })))?.reason, 'staff.manager_first');
    const named = await f.ok('nameFirstManager', { name: '  Maria ' });
    assert.equal(named.nameFirstManager, false);
    assert.deepEqual(named.managers.map((m) => m.name), ['Maria']);
    assert.equal(named.by?.name, 'Maria');
    await f.ok('lockManager');
    assert.equal((await reason(f, f.call('unlockManager', { pin: '4821' })))?.reason, 'staff.not_a_manager', 'whose PIN is it?');
    assert.equal((await f.ok('unlockManager', { pin: '4821', staffId: named.managers[0]?.id ?? '' })).unlocked, true);
  }));

  test('the last manager stays; nothing is written on a refusal', () => withApp({}, async (f) => {
    const view = await shop(f);
    const maria = idOf(view, 'Maria');
    await f.ok('unlockManager', { pin: '9999', staffId: maria });
    assert.equal((await reason(f, f.call('setStaffActive', { staffId: maria, active: false })))?.reason, 'staff.last_manager');
    assert.deepEqual(await reason(f, f.call('addStaff', { name: 'anna', role: 'cashier', pin: '3333' })), { reason: 'staff.name_taken', params: { name: 'Anna' } });
    assert.equal((await f.ok('getStaff')).people.length, 3);
    const text = await readFile(join(f.dataDir, 'staff.json'), 'utf8');
    assert.doesNotMatch(text, /9999|1111|2222/);
  }));
});
