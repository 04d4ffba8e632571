import { test } from 'node:test';
import assert from 'node:assert/strict';
import { validateAttempt } from './attempt-validation.js';
import { newAttempt } from './new-attempt.js';
import { SALE, T0 } from './testing/engine-fixture.js';

const good = () => newAttempt({ ...SALE, registerId: 'reg-1', saleId: null, previousAttemptId: null }, T0);
const problems = (v: unknown) => {
  const r = validateAttempt(v);
  return r.ok ? [] : r.issues.map((i) => `${i.pointer} ${i.code}`);
};

test('a snapshot written by the engine is valid as is', () => {
  const a = { ...good(), state: 'accepted' as const, paymentId: 'p1', lastError: { kind: 'http' as const, status: 503, message: 'x' } };
  assert.deepEqual(validateAttempt(a), { ok: true, value: a });
});

test('every kind of damage is named precisely', () => {
  assert.deepEqual(problems(null), ['/ invalid']);
  assert.deepEqual(problems({ ...good(), amountMinor: -1 }), ['/amountMinor too_small']);
  assert.deepEqual(problems({ ...good(), deadlineAt: T0 + 1 }), ['/deadlineAt invalid']);
  assert.deepEqual(problems({ ...good(), state: 'accepted' }), ['/paymentId missing']);
  assert.deepEqual(problems({ ...good(), extra: 1 }), ['/extra unknown_field']);
  assert.deepEqual(problems({ ...good(), metadata: [] }), ['/metadata invalid']);
  assert.deepEqual(problems({ ...good(), lastError: { kind: 'gremlin', message: 'x' } }), ['/lastError/kind not_in_list']);
  const { retriedBy: _dropped, ...missing } = good();
  assert.deepEqual(problems(missing), ['/retriedBy missing']);
});

test("store mode's lease mark: read when known, refused when not, absent in older journals", () => {
  for (const lease of ['held', 'none_store_down'] as const) {
    const a = { ...good(), lease };
    assert.deepEqual(validateAttempt(a), { ok: true, value: a });
  }
  const older = validateAttempt(good());
  assert.ok(older.ok && !('lease' in older.value), 'a journal from before store mode reads as a register working alone');
  assert.deepEqual(problems({ ...good(), lease: 'borrowed' }), ['/lease not_in_list']);
  assert.deepEqual(problems({ ...good(), lease: 3 }), ['/lease invalid']);
});

test("the attempt's cashier: read when a staff member or null, refused when malformed, absent in older journals", async () => {
  const { isExactRecord } = await import('./exact-record.js');
  const anna = { ...good(), cashier: { id: 'anna', name: 'Anna' } };
  assert.deepEqual(validateAttempt(anna), { ok: true, value: anna });
  const nobody = { ...good(), cashier: null };
  assert.deepEqual(validateAttempt(nobody), { ok: true, value: nobody });
  assert.equal('cashier' in (validateAttempt(good()) as { value: object }).value, false);
  assert.deepEqual(problems({ ...good(), cashier: { id: 'Anna!', name: 'Anna' } }), ['/cashier/id invalid']);
  assert.deepEqual(problems({ ...good(), cashier: { id: 'anna', name: '' } }), ['/cashier/name too_short']);
  assert.deepEqual(problems({ ...good(), cashier: { id: 'anna', name: 'Anna', pin: '1234' } }), ['/cashier/pin unknown_field']);
  const record = (a: unknown) => ({ v: 2, kind: 'create', at: T0, attempts: [a] });
  assert.equal(isExactRecord(record(anna)), true);
  assert.equal(isExactRecord(record(nobody)), true);
  assert.equal(isExactRecord(record({ ...good(), cashier: { id: 'Anna!', name: 'Anna' } })), false);
});
