/** Who may read whose shift summary: the rule main enforces on every shiftReport request. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CoreError } from './errors.js';
import { shiftToRead, type ShiftAsker } from './shift-access.js';

const TODAY = '2026-05-04';
const anna = { id: 'anna', name: 'Anna' };
const marie = { id: 'marie', name: 'Marie' };
const asker = (o: Partial<ShiftAsker>): ShiftAsker => ({ manager: null, signedIn: null, leaving: null, asksWho: true, ...o });
const refusal = (who: ShiftAsker, asked: { day?: string; person?: string }) => {
  try {
    shiftToRead(who, asked, TODAY);
    return 'read';
  } catch (e) {
    assert.ok(e instanceof CoreError);
    return `${e.code} ${e.extras.reason ?? ''}`;
  }
};

test('a cashier reads their own shift of today, whatever the screen leaves out', () => {
  const cashier = asker({ signedIn: anna });
  assert.deepEqual(shiftToRead(cashier, {}, TODAY), { day: TODAY, person: 'anna' });
  assert.deepEqual(shiftToRead(cashier, { day: TODAY, person: 'anna' }, TODAY), { day: TODAY, person: 'anna' });
});

test('a cashier asking for another person or another day is refused', () => {
  const cashier = asker({ signedIn: anna });
  assert.equal(refusal(cashier, { person: 'ben' }), 'forbidden shift.not_yours');
  assert.equal(refusal(cashier, { person: '-' }), 'forbidden shift.not_yours');
  assert.equal(refusal(cashier, { day: '2026-05-03' }), 'forbidden shift.not_yours');
  assert.equal(refusal(cashier, { day: '2026-05-03', person: 'anna' }), 'forbidden shift.not_yours');
});

test('who just signed out for the day still reads their own, until the next sign-in', () => {
  const left = asker({ leaving: anna });
  assert.deepEqual(shiftToRead(left, {}, TODAY), { day: TODAY, person: 'anna' });
  assert.equal(refusal(left, { person: 'ben' }), 'forbidden shift.not_yours');
});

test('with cashiers on the list and nobody at the counter, nothing is read', () => {
  assert.equal(refusal(asker({}), {}), 'forbidden shift.not_yours');
});

test('a manager reads anyone\'s, any day; absent a person, their own', () => {
  assert.deepEqual(shiftToRead(asker({ manager: marie, signedIn: marie }), {}, TODAY), { day: TODAY, person: 'marie' });
  assert.deepEqual(shiftToRead(asker({ manager: marie, signedIn: anna }), { day: '2026-05-01', person: 'ben' }, TODAY), { day: '2026-05-01', person: 'ben' });
  assert.deepEqual(shiftToRead(asker({ manager: marie }), {}, TODAY), { day: TODAY });
});

test('training or a one-person shop (no cashier, nobody signed in): as before, the day\'s latest seller by default', () => {
  const alone = asker({ asksWho: false });
  assert.deepEqual(shiftToRead(alone, {}, TODAY), { day: TODAY });
  assert.deepEqual(shiftToRead(alone, { day: '2026-05-01', person: '-' }, TODAY), { day: '2026-05-01', person: '-' });
});
