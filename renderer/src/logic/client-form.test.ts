import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { buildClientBody, clientKindsFor, clientSearchProblem, CLIENT_FIELD_POINTERS, countryFieldsFor, emptyClientForm, nameFieldsFor, vatExampleFor, visibleFields } from './client-form.js';
import { placeIssues } from './issues.js';
import { say, translator } from '../../../shared/i18n/translate.js';

describe('client form', () => {
  test('each kind asks for its name fields', () => {
    assert.deepEqual(nameFieldsFor('company'), ['name']);
    assert.deepEqual(nameFieldsFor('individual'), ['first_name', 'last_name']);
    assert.deepEqual(nameFieldsFor('freelancer'), ['name', 'first_name', 'last_name']);
  });

  test('country fields follow the organization', () => {
    assert.deepEqual(countryFieldsFor('FR'), ['e_invoicing_address']);
    assert.deepEqual(countryFieldsFor('IT'), ['recipient_code']);
    assert.deepEqual(countryFieldsFor('DE'), []);
    assert.deepEqual(countryFieldsFor(null), ['recipient_code', 'e_invoicing_address']);
  });

  test('visible boxes follow kind and country', () => {
    const company = visibleFields('company', 'FR');
    assert.ok(company.has('name') && company.has('vat_number') && company.has('e_invoicing_address') && company.has('city'));
    assert.ok(!company.has('first_name') && !company.has('recipient_code'));
    const person = visibleFields('individual', 'IT');
    assert.ok(person.has('first_name') && person.has('recipient_code'));
    assert.ok(!person.has('vat_number') && !person.has('name'));
  });

  test('an empty company form sends only the kind', () => {
    assert.deepEqual(buildClientBody(emptyClientForm(), 'FR'), { kind: 'company' });
  });

  test('blank fields are dropped, text trimmed, codes upper-cased, address nested', () => {
    const body = buildClientBody({
      ...emptyClientForm(),
      kind: 'company', name: ' Acme ', first_name: 'ignored for a company', vat_number: 'FR12345678901',
      email: 'a@b.fr', phone_country_code: '+33', phone_number: '612345678',
      city: 'Paris', zip_code: '75001', country_code: 'fr', currency: 'eur', recipient_code: 'ABC1234',
    }, 'FR');
    assert.deepEqual(body, {
      kind: 'company', name: 'Acme', vat_number: 'FR12345678901', email: 'a@b.fr', currency: 'EUR',
      phone: { country_code: '+33', number: '612345678' },
      billing_address: { city: 'Paris', zip_code: '75001', country_code: 'FR' },
    });
  });

  test('an individual never sends a VAT number', () => {
    const body = buildClientBody({ ...emptyClientForm(), kind: 'individual', first_name: 'Ada', last_name: 'L', vat_number: 'X' }, null);
    assert.deepEqual(body, { kind: 'individual', first_name: 'Ada', last_name: 'L' });
  });

  test('validation pointers land on the right boxes, root-level or nested', () => {
    const placed = placeIssues([
      { pointer: '/billing_address/zip_code', code: 'too_long', detail: 'zip' },
      { pointer: '/zip_code', code: 'too_long', detail: 'root zip' },
      { pointer: '/phone/country_code', code: 'invalid', detail: 'cc' },
      { pointer: '/', code: 'invalid', detail: 'whole' },
    ], CLIENT_FIELD_POINTERS);
    assert.deepEqual(placed.byField.zip_code?.map((i) => i.detail), ['zip', 'root zip']);
    assert.deepEqual(placed.byField.phone_country_code?.map((i) => i.detail), ['cc']);
    assert.deepEqual(placed.rest.map((i) => i.detail), ['whole']);
  });

  test('a one-letter name search is stopped before it is sent', () => {
    assert.match(say(translator('en'), clientSearchProblem('name', 'a')!), /2 characters/);
    assert.equal(clientSearchProblem('name', 'ab'), null);
    assert.equal(clientSearchProblem('name', ''), null);
    assert.equal(clientSearchProblem('email', 'a'), null);
  });
});

describe('what the form offers follows the organization country', () => {
  test('freelancer only for an Italian organization (the bank refuses it elsewhere); all kinds while unknown', () => {
    assert.deepEqual(clientKindsFor('FR'), ['company', 'individual']);
    assert.deepEqual(clientKindsFor('IT'), ['company', 'individual', 'freelancer']);
    assert.equal(clientKindsFor(null).length, 3);
  });
  test('the VAT example is in the shop country\'s format', () => {
    assert.equal(vatExampleFor('IT'), 'IT12345678901');
    assert.equal(vatExampleFor('fr'), 'FR40123456789');
    assert.equal(vatExampleFor('GB'), null);
  });
});
