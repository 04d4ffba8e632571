import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { firstWords, saleReference } from './sale-reference.js';

describe('saleReference', () => {
  test('the order reference wins over the note', () => {
    assert.deepEqual(saleReference({ order_reference: ' CMD-1042 ', note: 'table 4' }), { from: 'order', text: 'CMD-1042' });
  });
  test('without an order reference, the note\'s first words', () => {
    assert.deepEqual(saleReference({ note: 'table 4' }), { from: 'note', text: 'table 4' });
    assert.deepEqual(saleReference({ order_reference: '   ', note: 'Mme Dupont, gâteau\nà retirer samedi matin avant dix heures' }),
      { from: 'note', text: 'Mme Dupont, gâteau à retirer samedi…' });
  });
  test('nothing typed, or something that is not text, gives no reference', () => {
    assert.equal(saleReference({}), null);
    assert.equal(saleReference({ order_reference: 12, note: ['x'] }), null);
    assert.equal(saleReference({ custom: 'CMD-1' }), null);
  });
  test('the note is cut between words within 40 characters; one endless word is cut by characters', () => {
    assert.equal(firstWords('abcdefghij abcdefghij abcdefghij abcdefghij'), 'abcdefghij abcdefghij abcdefghij…');
    assert.equal(firstWords('x'.repeat(50)), `${'x'.repeat(40)}…`);
    assert.equal(firstWords('one two three four five six'), 'one two three four five six');
    assert.equal(firstWords('one two three four five six seven'), 'one two three four five six…');
    assert.equal(firstWords('Gâteau au chocolat pour Mme Dupont, à retirer samedi'), 'Gâteau au chocolat pour Mme Dupont…');
  });
});
