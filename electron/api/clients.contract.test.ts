import { test, describe, before, after, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { SANDBOX_E_INVOICING } from '../sandbox/index.js';
import { contractEnv, type ContractEnv } from './testing/contract-support.js';
import { BankApiError } from './errors.js';
import { bankFailure, rejection } from './testing/test-rejection.js';
import { ValidationError } from './validation-error.js';
import type { BankApi } from './types.js';

let env: ContractEnv;
let fr: BankApi;
let it: BankApi;
let frSends = 0;

before(async () => {
  env = await contractEnv();
});
after(() => env.close());
beforeEach(() => {
  env.sb.reset();
  frSends = 0;
  const frToken = env.sb.mintToken({ organization: 'fr', role: 'owner' }).access_token;
  fr = env.api({ organization: 'fr', role: 'owner' }, { getAccessToken: async () => (frSends++, frToken) });
  it = env.api({ organization: 'it', role: 'owner' });
});

describe('clients.create', () => {
  test('a company with the full invoicing data; the locale region is dropped', async () => {
    const client = await fr.clients.create({
      kind: 'company', name: 'Fromagerie Lenoir', email: 'contact@lenoir.example', currency: 'EUR', locale: 'fr-FR',
      vat_number: 'FR40123456789', billing_address: { street_address: '2 rue Haute', city: 'Rennes', zip_code: '35000', country_code: 'FR' },
      e_invoicing_address: SANDBOX_E_INVOICING.reachable,
    });
    assert.equal(client.kind, 'company');
    assert.equal(client.name, 'Fromagerie Lenoir');
    assert.equal(client.locale, 'fr');
    assert.equal(client.e_invoicing_reachable, true);
    assert.equal((await fr.clients.get(client.id)).id, client.id);
  });

  test('an individual with only kind and names (rule 1)', async () => {
    const client = await fr.clients.create({ kind: 'individual', first_name: 'Paul', last_name: 'Martin' });
    assert.equal(client.kind, 'individual');
    assert.equal(client.e_invoicing_reachable, false);
  });

  test('a local rule broken: ValidationError with pointers, nothing sent', async () => {
    const e = await rejection(fr.clients.create({ kind: 'company', name: '', locale: 'pt', billing_address: { zip_code: '123', country_code: 'IT' } }));
    assert.ok(e instanceof ValidationError, String(e));
    assert.deepEqual(e.issues.map((i) => i.pointer).sort(), ['/billing_address/zip_code', '/locale', '/name']);
    assert.equal(frSends, 0);
  });

  test('rules only the bank knows come back as 422 with the field pointer', async () => {
    const directory = await bankFailure(fr.clients.create({ kind: 'company', name: 'Nowhere', e_invoicing_address: '999999999' }), 422);
    assert.equal(directory.errors[0]?.source?.pointer, '/e_invoicing_address');
    const freelancer = await bankFailure(fr.clients.create({ kind: 'freelancer', first_name: 'Anne', last_name: 'Roy' }), 422);
    assert.equal(freelancer.errors[0]?.source?.pointer, '/kind');
    const province = await bankFailure(it.clients.create({ kind: 'company', name: 'Bar Sport', billing_address: { city: 'Milano', zip_code: '20121', country_code: 'IT' } }), 422);
    assert.equal(province.errors[0]?.source?.pointer, '/billing_address/province_code');
  });

  test('a freelancer in an Italian organization', async () => {
    const client = await it.clients.create({
      kind: 'freelancer', first_name: 'Marco', last_name: 'Neri', tax_identification_number: 'NRIMRC80A01F205X',
      billing_address: { street_address: 'Via Po 1', city: 'Torino', zip_code: '10121', province_code: 'TO', country_code: 'IT' },
    });
    assert.equal(client.kind, 'freelancer');
  });

  test('403 without client.write', async () => {
    const readOnly = env.api({ organization: 'fr', role: 'owner', scopes: ['client.read'] });
    const e = await bankFailure(readOnly.clients.create({ kind: 'company', name: 'Acme' }), 403);
    assert.match(e.errors[0]?.detail ?? '', /client\.write/);
  });
});

describe('clients.get and clients.list', () => {
  test('get: unknown id 404, another organization 404, missing scope 403', async () => {
    await bankFailure(fr.clients.get('00000000-0000-4000-8000-000000000000'), 404);
    const mine = (await fr.clients.list()).items[0]!;
    await bankFailure(it.clients.get(mine.id), 404);
    const noRead = env.api({ organization: 'fr', role: 'owner', scopes: ['client.write'] });
    await bankFailure(noRead.clients.get(mine.id), 403);
  });

  test('list: default name order, filter[name] accent-insensitive, exact filters', async () => {
    const all = await fr.clients.list();
    assert.ok(all.items.length >= 5);
    assert.equal(all.meta.next_page, null);
    const byName = await fr.clients.list({ name: 'epicerie' });
    assert.deepEqual(byName.items.map((c) => c.name), ['Épicerie Fine Dubois']);
    const byEmail = await fr.clients.list({ email: 'COMPTA@cafe-gare.example' });
    assert.deepEqual(byEmail.items.map((c) => c.name), ['Café de la Gare']);
    const byVat = await fr.clients.list({ vat_number: 'FR83552100554', tax_identification_number: '55210055400013' });
    assert.equal(byVat.items.length, 1);
  });

  test('list: sort_by, pagination and the updated-at window', async () => {
    const desc = await fr.clients.list({ sort_by: 'created_at:desc', per_page: 2, page: 1 });
    assert.equal(desc.items.length, 2);
    assert.equal(desc.meta.next_page, 2);
    assert.ok(desc.items[0]!.created_at >= desc.items[1]!.created_at);
    const created = await fr.clients.create({ kind: 'company', name: 'Tout Neuf' });
    const recent = await fr.clients.list({ updated_at_from: new Date(env.clock.now() - 1000).toISOString() });
    assert.deepEqual(recent.items.map((c) => c.id), [created.id]);
    const old = await fr.clients.list({ updated_at_to: new Date(env.clock.now() - 1000).toISOString() });
    assert.ok(!old.items.some((c) => c.id === created.id));
  });

  test('list: a one-letter name filter is refused by the bank (400/422 on the parameter)', async () => {
    const e = await rejection(fr.clients.list({ name: 'a' }));
    assert.ok(e instanceof BankApiError && (e.status === 400 || e.status === 422), String(e));
    assert.equal(e.errors[0]?.source?.parameter, 'filter[name]');
  });
});
