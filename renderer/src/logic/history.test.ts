import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cardWords } from './history.js';
import { translator } from '../../../shared/i18n/translate.js';

test('the journal names the card by its method in words, never the bank code', () => {
  const t = translator('it');
  assert.equal(cardWords(t, { paymentMethod: 'cartebancaire', cardLast4: '4242' }), 'Carte Bancaire •••• 4242');
  assert.equal(cardWords(t, { paymentMethod: 'new_scheme', cardLast4: null }), 'New scheme');
  assert.equal(cardWords(t, { paymentMethod: null, cardLast4: null }), '');
});
