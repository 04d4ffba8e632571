import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Client } from './bank.js';
import { invoiceGaps } from './client-invoice.js';

const base: Client = { id: 'c1', kind: 'company', name: 'Café', e_invoicing_reachable: false, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z' };
const billing = { street_address: '1 rue Haute', city: 'Lyon', zip_code: '69001', country_code: 'FR' };

describe('invoiceGaps (what an invoice needs: currency, locale, an address)', () => {
  test('a client created with a name alone lacks all three', () => {
    assert.deepEqual(invoiceGaps(base), ['currency', 'locale', 'address']);
  });
  test('currency, locale and a billing address make it invoiceable', () => {
    assert.deepEqual(invoiceGaps({ ...base, currency: 'EUR', locale: 'fr', billing_address: billing }), []);
  });
  test('the root-level address counts too', () => {
    assert.deepEqual(invoiceGaps({ ...base, currency: 'EUR', locale: 'fr', address: '1 rue Haute', city: 'Lyon', country_code: 'FR' }), []);
  });
  test('an address without a city, or blank values, does not count', () => {
    assert.deepEqual(invoiceGaps({ ...base, currency: ' ', locale: 'fr', billing_address: { ...billing, city: '' } }), ['currency', 'address']);
  });
});
