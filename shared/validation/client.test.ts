import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { missingForInvoicing, validateClientCreate, type ClientRulesContext } from './client.js';
import type { FieldIssue } from '../result.js';

const FR: ClientRulesContext = { organizationCountry: 'FR' };
const IT: ClientRulesContext = { organizationCountry: 'IT' };
const UNKNOWN: ClientRulesContext = { organizationCountry: null };

const company = (extra: Record<string, unknown> = {}) => ({ kind: 'company', name: 'Boulangerie Dupont', ...extra });
const person = (extra: Record<string, unknown> = {}) => ({ kind: 'individual', first_name: 'Marie', last_name: 'Curie', ...extra });

function issuesOf(input: unknown, ctx = FR): FieldIssue[] {
  const r = validateClientCreate(input, ctx);
  return r.ok ? [] : r.issues;
}

function assertAccepted(input: unknown, ctx = FR): void {
  const r = validateClientCreate(input, ctx);
  assert.ok(r.ok, `expected acceptance, got ${JSON.stringify(r.ok ? null : r.issues)}`);
}

function assertRejected(input: unknown, pointer: string, code: string, ctx = FR): FieldIssue {
  const issue = issuesOf(input, ctx).find((i) => i.pointer === pointer);
  assert.ok(issue, `expected an issue at ${pointer}, got ${JSON.stringify(issuesOf(input, ctx))}`);
  assert.equal(issue.code, code);
  assert.ok(issue.detail.length > 15 && /[.)]$/.test(issue.detail), `detail should be a sentence: ${issue.detail}`);
  return issue;
}

describe('kind', () => {
  test('is required', () => {
    assertRejected({ name: 'Acme' }, '/kind', 'missing');
    assertRejected({ kind: 'shop', name: 'Acme' }, '/kind', 'not_in_list');
    assertAccepted(company());
  });
  test('type is a deprecated alias, and kind wins when both are sent', () => {
    const alias = validateClientCreate({ type: 'company', name: 'Acme' }, FR);
    assert.ok(alias.ok);
    assert.equal(alias.value.kind, 'company');
    assert.equal('type' in alias.value, false);
    const both = validateClientCreate({ kind: 'individual', type: 'company', first_name: 'A', last_name: 'B' }, FR);
    assert.ok(both.ok);
    assert.equal(both.value.kind, 'individual');
    assertRejected({ kind: 'company', type: 'corp', name: 'Acme' }, '/type', 'not_in_list');
  });
  test('freelancer only for Italian organizations (skipped when the organization is unknown)', () => {
    const freelancer = { kind: 'freelancer', first_name: 'Luca', last_name: 'Rossi' };
    assertRejected(freelancer, '/kind', 'not_allowed', FR);
    assertAccepted(freelancer, IT);
    assertAccepted(freelancer, UNKNOWN);
  });
});

describe('rule 1: kind plus the name fields the kind needs', () => {
  test('company needs a name', () => {
    assertRejected({ kind: 'company' }, '/name', 'missing');
    assertRejected({ kind: 'company', name: '   ' }, '/name', 'missing');
    assertAccepted({ kind: 'company', name: 'Acme' });
  });
  test('individual and freelancer need first and last name', () => {
    assertRejected({ kind: 'individual', first_name: 'Marie' }, '/last_name', 'missing');
    assertRejected({ kind: 'freelancer', last_name: 'Rossi' }, '/first_name', 'missing', IT);
    assertAccepted(person());
  });
});

describe('limits', () => {
  const cases: Array<[string, number]> = [['name', 250], ['first_name', 60], ['last_name', 60], ['vat_number', 20],
    ['tax_identification_number', 20], ['address', 250], ['city', 50], ['zip_code', 20]];
  for (const [key, max] of cases) {
    test(`${key} at most ${max}`, () => {
      // Digits keep the tax id and VAT number clear of their format rules (no country, no FR prefix).
      const fill = (n: number) => '1'.repeat(n);
      assertAccepted(company({ [key]: fill(max) }), UNKNOWN);
      const issue = assertRejected(company({ [key]: fill(max + 1) }), `/${key}`, 'too_long', UNKNOWN);
      assert.match(issue.detail, new RegExp(`${max} characters`));
    });
  }
  test('billing_address street and city limits', () => {
    assertRejected(company({ billing_address: { street_address: 'x'.repeat(251) } }), '/billing_address/street_address', 'too_long');
    assertRejected(company({ delivery_address: { city: 'x'.repeat(51) } }), '/delivery_address/city', 'too_long');
    assertAccepted(company({ billing_address: { street_address: 'x'.repeat(250), city: 'y'.repeat(50) } }));
  });
  test('fields of the wrong type', () => {
    assertRejected(company({ city: 75 }), '/city', 'invalid');
    assertRejected(company({ billing_address: 'Paris' }), '/billing_address', 'invalid');
  });
});

describe('rule 4: zip_code exactly 5 for Italy', () => {
  test('Italian address', () => {
    assertRejected(company({ billing_address: { zip_code: '2012', country_code: 'IT', province_code: 'MI' } }), '/billing_address/zip_code', 'wrong_length', IT);
    assertRejected(company({ zip_code: '201211', country_code: 'IT', province_code: 'MI' }), '/zip_code', 'wrong_length', IT);
    assertAccepted(company({ billing_address: { zip_code: '20121', country_code: 'IT', province_code: 'MI' } }), IT);
  });
  test('other countries only capped at 20', () => {
    assertAccepted(company({ billing_address: { zip_code: 'SW1A 1AA', country_code: 'GB' } }));
  });
});

describe('country_code and province_code', () => {
  test('country_code is 2 capital ISO letters', () => {
    assertRejected(company({ country_code: 'FRA' }), '/country_code', 'wrong_length');
    assertRejected(company({ billing_address: { country_code: 'fr' } }), '/billing_address/country_code', 'invalid');
    assertRejected(company({ billing_address: { country_code: 'UK' } }), '/billing_address/country_code', 'not_in_list');
    assertAccepted(company({ billing_address: { country_code: 'FR' } }));
  });
  test('province_code is exactly 2 and from the allowed list', () => {
    assertRejected(company({ province_code: 'MIL' }), '/province_code', 'wrong_length');
    assertRejected(company({ billing_address: { province_code: 'XX' } }), '/billing_address/province_code', 'not_in_list');
    assertAccepted(company({ billing_address: { province_code: 'RM' } }));
  });
});

describe('rule 5: province_code required for Italian organizations', () => {
  test('in billing_address when that is the address used', () => {
    const body = company({ billing_address: { street_address: 'Via Roma 1', city: 'Milano', zip_code: '20121', country_code: 'IT' } });
    assertRejected(body, '/billing_address/province_code', 'missing', IT);
    assertAccepted(body, FR);
    assertAccepted(company({ billing_address: { street_address: 'Via Roma 1', country_code: 'IT', zip_code: '20121', province_code: 'MI' } }), IT);
  });
  test('in the root-level fields when there is no billing_address', () => {
    assertRejected(company({ address: 'Via Roma 1', city: 'Milano' }), '/province_code', 'missing', IT);
    assertAccepted(company({ address: 'Via Roma 1', city: 'Milano', province_code: 'MI' }), IT);
  });
  test('not when the client has no address at all (rule 1)', () => {
    assertAccepted(company(), IT);
  });
});

describe('rule 3: locale', () => {
  test('one of five languages, region part dropped', () => {
    assertRejected(company({ locale: 'pt' }), '/locale', 'not_in_list');
    assertRejected(company({ locale: 'french' }), '/locale', 'not_in_list');
    for (const [given, kept] of [['fr-FR', 'fr'], ['en_GB', 'en'], ['de', 'de'], ['es-419', 'es'], ['IT-it', 'it']]) {
      const r = validateClientCreate(company({ locale: given }), FR);
      assert.ok(r.ok, given);
      assert.equal(r.value.locale, kept);
    }
  });
});

describe('rule 6: French VAT numbers', () => {
  test('FR + 2-character key + 9 digits', () => {
    assertRejected(company({ vat_number: 'FR123' }), '/vat_number', 'invalid');
    assertRejected(company({ vat_number: 'FR 40 123456789' }), '/vat_number', 'invalid');
    assertRejected(company({ vat_number: 'fr40123456789' }), '/vat_number', 'invalid');
    assertAccepted(company({ vat_number: 'FR40123456789' }));
    assertAccepted(company({ vat_number: 'FRA1123456789' }));
  });
  test('other prefixes only get the length limit', () => {
    assertAccepted(company({ vat_number: 'IT12345678901' }));
  });
});

describe('rule 7: tax_identification_number by the client country', () => {
  const at = (country: string, tin: string) => company({ tax_identification_number: tin, billing_address: { country_code: country } });
  const cases: Array<[string, string[], string[]]> = [
    ['FR', ['123456789', '12345678901234'], ['1234567890', '123 456 789']],
    ['IT', ['12345678901', 'RSSMRA85T10A562S'], ['1234567890', 'RSSMRA85T10A562']],
    ['ES', ['X1234567L', '12345678Z'], ['12345678', '1234-5678Z']],
    ['DE', ['181/815/08155', '93815/08152', '2181508150'], ['12345', '181/815/08155/1', '181-815-08155']],
  ];
  for (const [country, good, bad] of cases) {
    test(country, () => {
      for (const tin of good) assertAccepted(at(country, tin), UNKNOWN);
      for (const tin of bad) {
        const issue = assertRejected(at(country, tin), '/tax_identification_number', 'invalid', UNKNOWN);
        assert.match(issue.detail, new RegExp(country));
      }
    });
  }
  test('root-level country is used when there is no billing_address; other countries only capped', () => {
    assertRejected(company({ tax_identification_number: '12', country_code: 'FR' }), '/tax_identification_number', 'invalid');
    assertAccepted(company({ tax_identification_number: 'ABC-12', country_code: 'BE' }));
  });
});

describe('rule 8: e_invoicing_address shape', () => {
  test('the four forms are accepted', () => {
    for (const a of ['123456789', '123456789_12345678900012', '123456789_12345678900012_SERVICE-1', '123456789_compta']) {
      assertAccepted(company({ e_invoicing_address: a }));
    }
  });
  test('anything else is rejected', () => {
    for (const a of ['12345678', '123456789_98765432100012', '123456789_compta_x', '123456789_1_2_3', '123456789_a b']) {
      assertRejected(company({ e_invoicing_address: a }), '/e_invoicing_address', 'invalid');
    }
  });
});

describe('contact fields', () => {
  test('email shape', () => {
    assertRejected(company({ email: 'marie.example.com' }), '/email', 'invalid');
    assertAccepted(company({ email: 'marie@example.com' }));
  });
  test('extra_emails: list or null, at most 100, each at most 250 and email-shaped', () => {
    assertAccepted(company({ extra_emails: null }));
    assertAccepted(company({ extra_emails: ['a@b.fr', 'c@d.it'] }));
    assertRejected(company({ extra_emails: 'a@b.fr' }), '/extra_emails', 'invalid');
    assertRejected(company({ extra_emails: Array.from({ length: 101 }, (_, i) => `u${i}@b.fr`) }), '/extra_emails', 'too_many');
    assertRejected(company({ extra_emails: ['a@b.fr', `${'x'.repeat(246)}@b.fr`] }), '/extra_emails/1', 'too_long');
    assertRejected(company({ extra_emails: ['a@b.fr', 'nope'] }), '/extra_emails/1', 'invalid');
  });
  test('phone: "+NN" prefix and a number of digits', () => {
    assertAccepted(company({ phone: { country_code: '+33', number: '612345678' } }));
    assertRejected(company({ phone: { country_code: '33', number: '612345678' } }), '/phone/country_code', 'invalid');
    assertRejected(company({ phone: { country_code: '+33', number: '06 12 34 56 78' } }), '/phone/number', 'invalid');
    assertRejected(company({ phone: { country_code: '+33', number: '612345678', ext: '1' } }), '/phone/ext', 'unknown_field');
  });
  test('currency: ISO 4217 alpha-3 in capitals', () => {
    assertAccepted(company({ currency: 'EUR' }));
    assertRejected(company({ currency: 'eur' }), '/currency', 'invalid');
    assertRejected(company({ currency: 'EUT' }), '/currency', 'not_in_list');
  });
});

describe('unknown fields', () => {
  test('are rejected at the root and inside addresses', () => {
    assertRejected(company({ nmae: 'typo' }), '/nmae', 'unknown_field');
    assertRejected(company({ billing_address: { street: 'x' } }), '/billing_address/street', 'unknown_field');
  });
  test('a non-object body is rejected', () => {
    assert.equal(issuesOf('client')[0]?.pointer, '/');
    assert.equal(issuesOf(null)[0]?.pointer, '/');
  });
  test('a full valid body comes back unchanged apart from the locale', () => {
    const body = person({
      email: 'marie@example.com', extra_emails: ['compta@example.com'], phone: { country_code: '+33', number: '612345678' },
      currency: 'EUR', locale: 'fr-FR', vat_number: 'FR40123456789', tax_identification_number: '123456789',
      billing_address: { street_address: '1 rue de Rivoli', city: 'Paris', zip_code: '75001', country_code: 'FR' },
      e_invoicing_address: '123456789', recipient_code: 'ABC1234',
    });
    const r = validateClientCreate(body, FR);
    assert.ok(r.ok);
    assert.deepEqual(r.value, { ...body, locale: 'fr' });
  });
});

describe('rule 2: what invoicing still needs', () => {
  test('currency, locale and an address', () => {
    assert.deepEqual(missingForInvoicing({ kind: 'company', name: 'Acme' }).map((i) => i.pointer), ['/currency', '/locale', '/billing_address']);
    assert.deepEqual(missingForInvoicing({ kind: 'company', name: 'Acme', currency: 'EUR', locale: 'fr', city: 'Paris' }), []);
    assert.deepEqual(missingForInvoicing({ kind: 'company', name: 'Acme', currency: 'EUR', locale: 'fr', billing_address: { city: 'Paris' } }), []);
  });
});
