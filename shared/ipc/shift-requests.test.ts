/** A shift summary request: a day and a person as the journal keys them, both optional; anything else refused with the field. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { validate } from './schema-kit.js';
import { historyQuery } from './requests.js';
import { shiftQuery } from './shift-requests.js';

const refused = (input: unknown) => {
  const r = validate(shiftQuery, input);
  return r.ok ? [] : r.issues.map((i) => i.pointer);
};

test('a shift summary for the person at the counter today, a person, or a typed name', () => {
  for (const ok of [{}, { day: '2026-05-04' }, { person: 'anna' }, { person: '-' }, { person: 'name:Marie Curie', day: '2026-05-04' }]) {
    assert.deepEqual(refused(ok), [], JSON.stringify(ok));
  }
  assert.deepEqual(validate(shiftQuery, { person: 'anna' }), { ok: true, value: { person: 'anna' } });
});

test('a person or a day the journal cannot name is refused, and so is anything extra', () => {
  assert.deepEqual(refused({ person: 'Anna' }), ['/person']);
  assert.deepEqual(refused({ person: 'name:' }), ['/person']);
  assert.deepEqual(refused({ person: 'name:a\nb' }), ['/person']);
  assert.deepEqual(refused({ person: 7 }), ['/person']);
  assert.deepEqual(refused({ day: '04/05/2026' }), ['/day']);
  assert.deepEqual(refused({ pin: '1234' }), ['/pin']);
});

test('the journal\'s person filter: empty means everyone, a bad key is refused', () => {
  const q = validate(historyQuery, { from: '2026-05-04', to: '2026-05-04', cashier: '' });
  assert.deepEqual(q, { ok: true, value: { from: '2026-05-04', to: '2026-05-04' } });
  const bad = validate(historyQuery, { from: '2026-05-04', to: '2026-05-04', cashier: 'Anna Smith' });
  assert.equal(bad.ok ? null : bad.issues[0]?.pointer, '/cashier');
});
