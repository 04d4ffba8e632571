import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { placeIssues } from './issues.js';
import { errorWords } from './errors.js';
import { issueWords } from '../i18n/issue-words.js';
import { translator } from '../../../shared/i18n/translate.js';
import type { FieldIssue } from '../../../shared/result.js';

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

describe('errorWords', () => {
  const t = translator('it');
  test('a 403 is said once, in words, with what to do next and no status number', () => {
    const w = errorWords({ code: 'bank_rejected', status: 403 });
    assert.equal(t(w.title), 'Operazione non consentita');
    assert.doesNotMatch(`${t(w.title)} ${t(w.next)}`, /403|http|\/v2\//i);
  });
  test('without a status, the code decides', () => {
    assert.deepEqual(errorWords({ code: 'bank_unavailable' }), { title: 'error.bank_unavailable.title', next: 'error.bank_unavailable.next' });
  });
  test('an unlisted status keeps the code\'s words', () => {
    assert.deepEqual(errorWords({ code: 'bank_rejected', status: 412 }), { title: 'error.bank_rejected.title', next: 'error.bank_rejected.next' });
  });
});

describe('issueWords', () => {
  const t = translator('de');
  test('a validator sentence naming a field never reaches the screen: the field by its label, and why', () => {
    assert.equal(issueWords(t, { pointer: '/clientId', code: 'missing', detail: 'clientId is required' }), 'Füllen Sie „Client-ID“ aus.');
    assert.equal(issueWords(t, { pointer: '/clientId', code: 'too_short', detail: 'clientId needs at least 1 characters', params: { field: 'clientId', limit: 1 } }),
      'Füllen Sie „Client-ID“ aus.');
    assert.equal(issueWords(t, { pointer: '/redirectPort', code: 'too_small', detail: 'redirectPort must be at least 1024' }), 'Geben Sie eine ganze Zahl von 1024 bis 65535 ein.');
    assert.equal(issueWords(translator('fr'), { pointer: '/name', code: 'too_long', detail: 'x', params: { max: 250 } }), '«\u00a0Nom\u00a0» est limité à 250 caractères.');
  });

  test('the rule of a field says exactly what is expected, in each language', () => {
    const zip: FieldIssue = { pointer: '/billing_address/zip_code', code: 'wrong_length', detail: 'Postal code must be exactly 5 characters (it has 4).', params: { length: 5 } };
    assert.equal(issueWords(translator('en'), zip), 'The postal code must have 5 digits.');
    assert.equal(issueWords(translator('it'), zip), 'Il CAP deve avere 5 cifre.');
    assert.equal(issueWords(translator('es'), zip), 'El código postal debe tener 5 dígitos.');
    const tax: FieldIssue = { pointer: '/tax_identification_number', code: 'invalid', detail: 'x', params: { country: 'IT' } };
    assert.match(issueWords(translator('it'), tax), /Per un cliente in Italia: 11 cifre/);
    assert.equal(issueWords(translator('fr'), { pointer: '/phone/country_code', code: 'invalid', detail: 'x' }), 'Saisissez l’indicatif avec un signe plus et 1 à 3 chiffres, par exemple +33.');
  });

  test('amounts in a refusal are money in the screen language', () => {
    const small: FieldIssue = { pointer: '/amount/value', code: 'too_small', detail: 'x', params: { minMinor: 10 } };
    assert.equal(issueWords(translator('fr'), small).replace(/\s/g, ' '), 'Le montant doit être d’au moins 0,10 €.');
    assert.equal(issueWords(translator('en'), small), 'The amount must be at least €0.10.');
    const large: FieldIssue = { pointer: '/amountMinor', code: 'too_large', detail: 'x', params: { maxMinor: 10_000_000 } };
    assert.equal(issueWords(translator('de'), large).replace(/\s/g, ' '), 'Der Betrag darf höchstens 100.000,00 € sein.');
  });

  test('under a field, the message names it by the label shown there, never a synonym', () => {
    const fr = translator('fr');
    assert.equal(issueWords(fr, { pointer: '/name', code: 'missing', detail: 'x' }, 'Raison sociale'), 'Renseignez «\u00a0Raison sociale\u00a0».');
    assert.equal(issueWords(fr, { pointer: '/odd_field', code: 'too_long', detail: 'x', params: { max: 20 } }, 'Code'), '«\u00a0Code\u00a0» est limité à 20 caractères.');
  });

  test('a field with no name on screen, or unknown to the bank, is never named by its code', () => {
    assert.equal(issueWords(t, { pointer: '/someInternal', code: 'missing', detail: 'someInternal is required' }), 'Füllen Sie dieses Feld aus.');
    const unknown = issueWords(translator('es'), { pointer: '/favourite_colour', code: 'unknown_field', detail: 'x' });
    assert.doesNotMatch(unknown, /favourite|colour|_/);
  });
});
