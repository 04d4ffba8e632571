/**
 * Every record names a person: `by` written as a staff member reads back as their name and
 * StaffRef, older text `by` still reads, an attempt keeps its cashier, and the sign-in and
 * sign-out kinds are checked like any other body.
 */
import { afterEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { StaffRef } from '../../shared/domain/staff.js';
import { Journal } from './journal.js';
import { dayFileName, localDay } from './journal-files.js';
import { bodyOf, decodeLine } from './journal-records.js';
import { newAttempt } from './new-attempt.js';
import { sealEnvelope, GENESIS, parseRecord } from './journal-envelope.js';
import { SALE, T0 } from './testing/engine-fixture.js';
import { refundOf } from './money-bodies.js';
import { AttemptStore } from './attempt-store.js';
import { ManualClock } from '../../shared/clock.js';

const ANNA: StaffRef = { id: 'anna-1', name: 'Anna' };
const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'counterpay-staff-journal-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const dayFile = (dir: string) => join(dir, 'journal', dayFileName(localDay(T0)));
const lines = (dir: string) => (existsSync(dayFile(dir)) ? readFileSync(dayFile(dir), 'utf8').trim().split('\n') : []);

describe('by: a staff member or text', () => {
  test('a staff member is written {id, name} and read back as the name to show and the person', async () => {
    const dir = tempDir();
    const { journal } = await Journal.open(dir);
    const a = newAttempt({ ...SALE, registerId: 'reg-1', saleId: null, previousAttemptId: null, cashier: ANNA }, T0);
    await journal.append('create', T0, [a], () => [], undefined, ANNA);
    await journal.appendRecord('sign_in', { staff: ANNA, role: 'cashier', registerId: 'reg-1' }, { name: 'Anna', id: 'anna-1' }, T0 + 1, () => []);
    await journal.appendRecord('sign_out', { staff: ANNA, registerId: 'reg-1', reason: 'end_of_shift' }, ANNA, T0 + 2, () => []);
    await journal.appendRecord('close', { day: localDay(T0), registerId: 'reg-1', totals: {}, attemptIds: [] }, 'Maria typed', T0 + 3, () => []);
    await journal.close();
    const read = lines(dir).map(decodeLine);
    const entries = read.map((d) => (d.ok ? d.entry : assert.fail(d.reason)));
    const create = entries.find((e) => e.kind === 'create');
    assert.equal(create?.by, 'Anna');
    assert.deepEqual(create?.byStaff, ANNA);
    assert.deepEqual(bodyOf(create!, 'create')?.attempts[0]?.cashier, ANNA);
    const signIn = entries.find((e) => e.kind === 'sign_in')!;
    assert.deepEqual(bodyOf(signIn, 'sign_in'), { staff: ANNA, role: 'cashier', registerId: 'reg-1' });
    assert.ok(lines(dir).some((l) => l.includes('"by":{"id":"anna-1","name":"Anna"}')), 'written in one fixed order');
    assert.equal(bodyOf(entries.find((e) => e.kind === 'sign_out')!, 'sign_out')?.reason, 'end_of_shift');
    const close = entries.find((e) => e.kind === 'close');
    assert.equal(close?.by, 'Maria typed');
    assert.equal(close?.byStaff, null);
    const reopened = await Journal.open(dir);
    assert.deepEqual(reopened.attempts.get(a.id)?.cashier, ANNA, 'restored attempts keep who started them');
    await reopened.journal.close();
  });

  test('an attempt without cashier (older journals) reads as nobody', async () => {
    const dir = tempDir();
    const { journal } = await Journal.open(dir);
    const a = newAttempt({ ...SALE, registerId: 'reg-1', saleId: null, previousAttemptId: null }, T0);
    await journal.append('create', T0, [a], () => []);
    await journal.close();
    const reopened = await Journal.open(dir);
    assert.equal('cashier' in (reopened.attempts.get(a.id) ?? {}), false);
    await reopened.journal.close();
  });

  test('a bad person or body is refused and nothing is written', async () => {
    const dir = tempDir();
    const { journal } = await Journal.open(dir);
    const before = lines(dir).length;
    await assert.rejects(journal.appendRecord('sign_in', { staff: ANNA, role: 'cashier', registerId: 'r' }, { id: 'NOT OK', name: 'x' }, T0, () => []), /by must be/);
    await assert.rejects(journal.appendRecord('sign_in', { staff: ANNA, role: 'owner', registerId: 'r' }, ANNA, T0, () => []), /role/);
    await assert.rejects(journal.appendRecord('sign_out', { staff: { id: 'a' }, registerId: 'r', reason: 'idle' }, ANNA, T0, () => []), /name/);
    const a = newAttempt({ ...SALE, registerId: 'reg-1', saleId: null, previousAttemptId: null, cashier: { id: 'x', name: '' } }, T0);
    await assert.rejects(journal.append('create', T0, [a], () => []), /cashier/);
    assert.equal(lines(dir).length, before);
    await journal.close();
  });

  test('attempt records name the person at the counter, a manager\'s answer names the manager', async () => {
    const dir = tempDir();
    const loaded = await Journal.open(dir);
    const store = new AttemptStore(loaded.journal, loaded.attempts, new ManualClock({ start: T0, frozen: true }), () => true, () => undefined, undefined, () => ANNA);
    const a = newAttempt({ ...SALE, registerId: 'reg-1', saleId: null, previousAttemptId: null, cashier: ANNA }, T0);
    await store.exclusive(() => store.commit([a]));
    await store.update(a.id, (cur) => ({ ...cur, state: 'accepted', paymentId: 'p1' }));
    const MARIA = { id: 'maria-1', name: 'Maria' };
    await store.update(a.id, (cur) => ({ ...cur, abandoned: true }), MARIA);
    await loaded.journal.close();
    const by = lines(dir).map(decodeLine).flatMap((d) => (d.ok && d.entry.kind !== 'carry' ? [d.entry.byStaff?.name ?? ''] : []));
    assert.deepEqual(by, ['Anna', 'Anna', 'Maria']);
  });

  test('a refund read back names the manager by id and name; one typed before staff keeps its text', async () => {
    const dir = tempDir();
    const { journal } = await Journal.open(dir);
    const body = { refundId: 'r1', attemptId: 'a1', saleId: 'a1', paymentKey: 'k1', terminalId: 't1', registerId: 'reg-1', amountMinor: 500, currency: 'EUR', where: 'terminal', reason: 'broken' };
    const MARIA = { id: 'maria-1', name: 'Maria' };
    const staffRefund = refundOf((await journal.appendRecord('refund', body, MARIA, T0, () => [])).entry);
    const typedRefund = refundOf((await journal.appendRecord('refund', { ...body, refundId: 'r2' }, 'Marie', T0, () => [])).entry);
    await journal.close();
    assert.deepEqual(staffRefund?.by, MARIA);
    assert.equal(typedRefund?.by, 'Marie');
  });

  test('a by naming something else than a person is an unreadable record', () => {
    const bad = sealEnvelope({ seq: 1, prev: GENESIS, kind: 'x', at: 0, by: '' }, '{}').raw.replace('"by":""', '"by":{"id":"a","name":"A","pin":"1"}');
    const parsed = parseRecord(bad);
    assert.equal(parsed.ok, false);
  });
});
