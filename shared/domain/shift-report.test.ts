/** Shift bounds from sign-ins and sign-outs for the day: when an X report's shift opens and closes. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { shiftBounds } from './shift-report.js';

test('a shift opens at the first sign-in or record, whichever came first', () => {
  assert.deepEqual(shiftBounds([5000, 2000, 9000], [], null), { from: 2000, to: null });
  assert.equal(shiftBounds([], [4000], 8000), null, 'no sign-in and no record: no shift that day');
});

test('signing out for the day closes the shift; coming back after it opens it again', () => {
  assert.deepEqual(shiftBounds([1000, 3000], [5000], null), { from: 1000, to: 5000 });
  assert.deepEqual(shiftBounds([1000, 3000], [5000, 7000], null), { from: 1000, to: 5000 }, 'the first sign-out after the last record');
  assert.deepEqual(shiftBounds([1000, 6000], [5000], null), { from: 1000, to: null }, 'signed in again at 6000: still open');
  assert.deepEqual(shiftBounds([1000, 6000], [5000, 8000], 9000), { from: 1000, to: 8000 }, 'out for the day again before the closing');
});

test('the day closing ends an open shift, never before the person\'s own last record', () => {
  assert.deepEqual(shiftBounds([1000, 3000], [], 9000), { from: 1000, to: 9000 });
  assert.deepEqual(shiftBounds([1000, 12_000], [], 9000), { from: 1000, to: 12_000 }, 'a sale after the closing is still in the shift');
  assert.deepEqual(shiftBounds([1000, 3000], [4000], 9000), { from: 1000, to: 4000 }, 'signed out for the day before the closing');
});
