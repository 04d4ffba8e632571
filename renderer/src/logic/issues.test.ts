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
  test('a validator sentence naming a field never reaches the screen', () => {
    assert.equal(issueWords(t, { pointer: '/clientId', code: 'missing', detail: 'clientId is required' }), 'Füllen Sie dieses Feld aus.');
    assert.equal(issueWords(t, { pointer: '/redirectPort', code: 'too_small', detail: 'redirectPort must be at least 1024' }), 'Geben Sie eine ganze Zahl von 1024 bis 65535 ein.');
    assert.equal(issueWords(translator('fr'), { pointer: '/name', code: 'too_long', detail: 'x', params: { max: 250 } } as FieldIssue), 'Trop long : 250 caractères au plus.');
  });
});
