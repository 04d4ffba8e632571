import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { placeIssues } from './issues.js';
import { errorHeadline } from './errors.js';

describe('placeIssues', () => {
  const fields = { amount: ['/amountMinor', '/amount'], metadata: ['/metadata'], zip: ['/billing_address/zip_code'], billing: ['/billing_address'] };

  test('issues go to the field owning their pointer; the rest are kept', () => {
    const placed = placeIssues([
      { pointer: '/amountMinor', code: 'too_small', detail: 'a' },
      { pointer: '/amount/value', code: 'invalid', detail: 'b' },
      { pointer: '/metadata', code: 'too_long', detail: 'c' },
      { pointer: '/billing_address/zip_code', code: 'too_long', detail: 'd' },
      { pointer: '/billing_address/city', code: 'too_long', detail: 'e' },
      { pointer: '/terminalId', code: 'invalid', detail: 'f' },
    ], fields);
    assert.deepEqual(placed.byField.amount?.map((i) => i.detail), ['a', 'b']);
    assert.deepEqual(placed.byField.metadata?.map((i) => i.detail), ['c']);
    assert.deepEqual(placed.byField.zip?.map((i) => i.detail), ['d']);
    assert.deepEqual(placed.byField.billing?.map((i) => i.detail), ['e']);
    assert.deepEqual(placed.rest.map((i) => i.detail), ['f']);
  });

  test('a prefix does not match a longer sibling name', () => {
    const placed = placeIssues([{ pointer: '/amountMinorX', code: 'x', detail: 'z' }], { amount: ['/amountMinor'] });
    assert.equal(placed.byField.amount, undefined);
    assert.equal(placed.rest.length, 1);
  });

  test('no issues gives nothing', () => {
    assert.deepEqual(placeIssues(undefined, fields), { byField: {}, rest: [] });
  });
});

describe('errorHeadline', () => {
  test('403 in words', () => {
    assert.equal(errorHeadline({ code: 'forbidden', message: 'Forbidden', status: 403 }),
      'Not allowed (403): your role at the bank, or a permission this app was not granted, does not allow this');
  });
  test('without a status, just the headline', () => {
    assert.equal(errorHeadline({ code: 'bank_unavailable', message: 'ECONNREFUSED' }), 'The bank could not be reached');
  });
  test('an unlisted status is still shown', () => {
    assert.equal(errorHeadline({ code: 'bank_rejected', message: 'x', status: 412 }), 'The bank refused the request (412)');
  });
});
