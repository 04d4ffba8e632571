/**
 * Shift summaries through the app core, as the windows call it: a cashier gets their own shift of
 * today and nothing else, whoever signed out for the day still gets theirs (its end journaled), a
 * manager gets anyone's, and with nobody signed in and cashiers on the list nothing is read.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ChargeRequest } from '../../shared/ipc/contract.js';
import type { StaffView } from '../../shared/ipc/staff-requests.js';
import { SANDBOX_TERMINALS } from '../sandbox/index.js';
import { advanceUntil, withApp, type AppFixture } from './testing/app-fixture.js';

const sale = (amountMinor: number): ChargeRequest => ({ terminalId: SANDBOX_TERMINALS.fr.approve, amountMinor, currency: 'EUR', metadata: {} });
const idOf = (v: StaffView, name: string) => v.people.find((p) => p.name === name)?.id ?? assert.fail(`${name} is not listed`);

async function paid(f: AppFixture, amountMinor: number): Promise<void> {
  const a = await f.ok('charge', sale(amountMinor));
  await advanceUntil(f.clock, 'the sale paid', () => f.app.context.engine.get(a.id)?.state === 'authorized');
}

async function refusal(f: AppFixture, asked: { day?: string; person?: string }): Promise<string | null> {
  const res = await f.call('shiftReport', asked);
  return res.ok ? null : `${res.error.code} ${res.error.reason ?? ''}`;
}

test('a cashier reads their own shift only; signing out for the day ends it and leaves it readable; a manager reads anyone\'s', () => withApp({}, async (f) => {
  await f.ok('addStaff', { name: 'Maria', role: 'manager', pin: '9999' });
  await f.ok('addStaff', { name: 'Anna', role: 'cashier', pin: '1111' });
  const staff = await f.ok('addStaff', { name: 'Ben', role: 'cashier', pin: '2222' });
  await f.ok('lockManager');
  const [anna, ben, maria] = [idOf(staff, 'Anna'), idOf(staff, 'Ben'), idOf(staff, 'Maria')];
  assert.equal(await refusal(f, {}), 'forbidden shift.not_yours', 'cashiers on the list, nobody signed in');

  await f.ok('signInStaff', { staffId: anna, pin: '1111' });
  await paid(f, 1250);
  const own = await f.ok('shiftReport', {});
  assert.equal(own.who.key, anna);
  assert.equal(own.shift?.to, null, 'open while she sells');
  assert.deepEqual(own.people.map((p) => p.key), [anna], 'no one else to choose');
  assert.equal(await refusal(f, { person: ben }), 'forbidden shift.not_yours');
  assert.equal(await refusal(f, { day: '2020-01-02' }), 'forbidden shift.not_yours');

  await f.ok('signInStaff', { staffId: ben, pin: '2222' });
  await paid(f, 700);
  await f.ok('signOutStaff', { reason: 'end_of_shift' });
  const ended = await f.ok('shiftReport', {});
  assert.equal(ended.who.key, ben, 'signed out for the day: still his');
  assert.notEqual(ended.shift?.to ?? null, null, 'his shift is over');
  assert.equal(ended.rows.length, 1);
  assert.equal(await refusal(f, { person: anna }), 'forbidden shift.not_yours');
  assert.equal((await f.ok('shiftReport', { person: ben })).who.key, ben);

  await f.ok('signInStaff', { staffId: maria, pin: '9999' });
  const annas = await f.ok('shiftReport', { person: anna });
  assert.equal(annas.who.key, anna);
  assert.equal(annas.shift?.to, null, 'a switch is no end of her shift');
  assert.equal((await f.ok('shiftReport', { person: ben, day: '2020-01-02' })).shift, null, 'a manager reads any day');
}));
