import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decimalStringToMinor, minorToDecimalString, toApiAmount, formatMoney } from './money.js';

test('minor units become the bank decimal string without floats', () => {
  assert.equal(minorToDecimalString(1330), '13.30');
  assert.equal(minorToDecimalString(10), '0.10');
  assert.equal(minorToDecimalString(5), '0.05');
  assert.equal(minorToDecimalString(10_000_000), '100000.00');
  assert.equal(minorToDecimalString(-250), '-2.50');
  assert.deepEqual(toApiAmount({ minor: 1999, currency: 'EUR' }), { value: '19.99', currency: 'EUR' });
});

test('non-integer minor amounts are refused', () => {
  assert.throws(() => minorToDecimalString(12.5), RangeError);
  assert.throws(() => minorToDecimalString(Number.NaN), RangeError);
});

test('decimal strings parse exactly or not at all', () => {
  assert.equal(decimalStringToMinor('13.3'), 1330);
  assert.equal(decimalStringToMinor('13.30'), 1330);
  assert.equal(decimalStringToMinor('13'), 1300);
  assert.equal(decimalStringToMinor('0.07'), 7);
  // 0.1 + 0.2 style float traps never appear: every value round-trips
  for (const m of [1, 29, 110, 4_999_999, 10_000_000]) assert.equal(decimalStringToMinor(minorToDecimalString(m)), m);
  assert.equal(decimalStringToMinor('13.305'), null);
  assert.equal(decimalStringToMinor('1e3'), null);
  assert.equal(decimalStringToMinor('13,30'), null);
  assert.equal(decimalStringToMinor(''), null);
});

test('amounts are formatted for the organization locale', () => {
  assert.match(formatMoney(123456, 'EUR', 'fr-FR'), /1\s?234,56\s?€/);
  assert.match(formatMoney(123456, 'EUR', 'en-IE'), /€1,234\.56/);
});
