import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Client, PageMeta } from '../../shared/domain/bank.js';
import { validateClientCreate } from '../../shared/validation/client.js';
import { SANDBOX_E_INVOICING, SANDBOX_ORGS } from './index.js';
import { SEED_CLIENT_BODIES } from './seed/clients.js';
import { call, sharedSandbox, tokenFor, type ErrorBody } from './testing/test-support.js';

const fixture = sharedSandbox();

type ClientReply = { client: Client } & ErrorBody;
const create = (body: unknown, org: 'fr' | 'it' = 'fr') => call<ClientReply>(fixture.sb, '/v2/clients', { token: tokenFor(fixture.sb, org, 'employee'), body });
const list = (query = '', org: 'fr' | 'it' = 'fr') =>
  call<{ clients: Client[]; meta: PageMeta } & ErrorBody>(fixture.sb, `/v2/clients${query}`, { token: tokenFor(fixture.sb, org, 'employee') });
const pointers = (r: { body: ErrorBody }) => r.body.errors.map((e) => e.source?.pointer);

describe('POST /v2/clients', () => {
  test('minimal company: 200 with server fields from the sandbox clock', async () => {
    const res = await create({ kind: 'company', name: 'Moulin Bleu' });
    assert.equal(res.status, 200);
    const c = res.body.client;
    assert.equal(c.name, 'Moulin Bleu');
    assert.equal(c.kind, 'company');
    assert.equal(c.type, 'company');
    assert.equal(c.e_invoicing_reachable, false);
    assert.equal(c.created_at, new Date(fixture.sb.clock.now()).toISOString());
    assert.equal(c.updated_at, c.created_at);
    assert.equal((await call<ClientReply>(fixture.sb, `/v2/clients/${c.id}`, { token: tokenFor(fixture.sb, 'fr', 'owner') })).body.client.name, 'Moulin Bleu');
  });

  test('normalizes: locale region dropped, kind wins over type, billing_address mirrored', async () => {
    const billing = { street_address: '1 rue Haute', city: 'Nantes', zip_code: '44000', country_code: 'FR' };
    const c = (await create({ kind: 'individual', type: 'company', first_name: 'Ana', last_name: 'Lopes', locale: 'fr-FR', billing_address: billing })).body.client;
    assert.deepEqual([c.kind, c.type, c.locale], ['individual', 'individual', 'fr']);
    assert.deepEqual([c.address, c.city, c.zip_code, c.country_code], ['1 rue Haute', 'Nantes', '44000', 'FR']);
    const root = (await create({ kind: 'company', name: 'Root', address: '2 quai Sud', city: 'Caen', zip_code: '14000', country_code: 'FR' })).body.client;
    assert.deepEqual(root.billing_address, { street_address: '2 quai Sud', city: 'Caen', zip_code: '14000', country_code: 'FR' });
  });

  test('e-invoicing: unknown address 422, reachable only when active on both sides', async () => {
    const unknown = await create({ kind: 'company', name: 'A', e_invoicing_address: '123456789' });
    assert.equal(unknown.status, 422);
    assert.deepEqual(pointers(unknown), ['/e_invoicing_address']);
    const expect: Array<[string, boolean]> = [
      [SANDBOX_E_INVOICING.reachable, true],
      [SANDBOX_E_INVOICING.reachableSiret, true],
      [SANDBOX_E_INVOICING.networkInactive, false],
      [SANDBOX_E_INVOICING.directoryInactive, false],
    ];
    for (const [address, reachable] of expect) {
      const res = await create({ kind: 'company', name: 'B', e_invoicing_address: address });
      assert.equal(res.status, 200, res.text);
      assert.equal(res.body.client.e_invoicing_reachable, reachable, address);
    }
  });

  test('freelancer: Italian organizations only', async () => {
    const fr = await create({ kind: 'freelancer', name: 'Studio', first_name: 'A', last_name: 'B' });
    assert.equal(fr.status, 422);
    assert.deepEqual(pointers(fr), ['/kind']);
    const it = await create({ kind: 'freelancer', name: 'Studio', first_name: 'A', last_name: 'B' }, 'it');
    assert.equal(it.status, 200, it.text);
  });

  test('shared rules: 422 with one error per field, pointing at it', async () => {
    const res = await create({ kind: 'company', vat_number: 'FR1', locale: 'pt' });
    assert.equal(res.status, 422);
    assert.ok(['/name', '/vat_number', '/locale'].every((p) => pointers(res).includes(p)), res.text);
    const it = await create({ kind: 'company', name: 'Bar', billing_address: { city: 'Roma', zip_code: '001', country_code: 'IT' } }, 'it');
    assert.equal(it.status, 422);
    assert.ok(pointers(it).includes('/billing_address/province_code'), it.text);
  });

  test('malformed JSON and wrong content type: 400', async () => {
    const token = tokenFor(fixture.sb, 'fr', 'owner');
    assert.equal((await call(fixture.sb, '/v2/clients', { token, body: '{"kind":', headers: { 'content-type': 'application/json' } })).status, 400);
    assert.equal((await call(fixture.sb, '/v2/clients', { token, body: '{}', headers: { 'content-type': 'text/plain' } })).status, 400);
  });

  test('every seeded client passes the shared creation rules', () => {
    for (const org of ['fr', 'it'] as const) {
      for (const body of SEED_CLIENT_BODIES[org]) {
        const checked = validateClientCreate(body, { organizationCountry: SANDBOX_ORGS[org].country });
        assert.ok(checked.ok, `${org} ${JSON.stringify(body)}: ${JSON.stringify(checked.ok ? [] : checked.issues)}`);
      }
    }
  });
});

describe('GET /v2/clients/{id}', () => {
  test('unknown id and another organization’s client: 404', async () => {
    const itClient = (await list('', 'it')).body.clients[0]!;
    const res = await call<ErrorBody>(fixture.sb, `/v2/clients/${itClient.id}`, { token: tokenFor(fixture.sb, 'fr', 'owner') });
    assert.equal(res.status, 404);
    assert.equal(res.body.errors[0]?.source?.parameter, 'id');
  });
});

describe('GET /v2/clients', () => {
  test('default sort name:asc over company names and "first last" of individuals', async () => {
    const names = (await list()).body.clients.map((c) => c.name ?? `${c.first_name} ${c.last_name}`);
    assert.deepEqual(names, ['Atelier Vélo Lyon', 'Boucherie Caron', 'Café de la Gare', 'Élodie Durand', 'Épicerie Fine Dubois', 'Hôtel du Parc', 'Jean-Pierre Lemaire']);
  });

  test('filter[name]: partial, case- and accent-insensitive, at least 2 characters', async () => {
    assert.deepEqual((await list('?filter[name]=EPICERIE')).body.clients.map((c) => c.name), ['Épicerie Fine Dubois']);
    assert.deepEqual((await list('?filter[name]=odie dur')).body.clients.map((c) => c.first_name), ['Élodie']);
    const short = await list('?filter[name]=e');
    assert.deepEqual([short.status, short.body.errors[0]?.source?.parameter], [400, 'filter[name]']);
  });

  test('exact, case-insensitive filters', async () => {
    assert.equal((await list('?filter[email]=COMPTA@cafe-gare.example')).body.clients.length, 1);
    assert.equal((await list('?filter[email]=compta@cafe')).body.clients.length, 0);
    assert.equal((await list('?filter[vat_number]=fr32356000000')).body.clients[0]?.name, 'Café de la Gare');
    assert.equal((await list('?filter[tax_identification_number]=55210055400013')).body.clients[0]?.name, 'Épicerie Fine Dubois');
  });

  test('updated_at window, sort and pagination', async () => {
    const all = (await list('?sort_by=updated_at:desc')).body.clients;
    const dates = all.map((c) => c.updated_at);
    assert.deepEqual(dates, [...dates].sort().reverse());
    const from = all[3]!.updated_at;
    const to = all[1]!.updated_at;
    const window = (await list(`?filter[updated_at_from]=${from}&filter[updated_at_to]=${to}`)).body.clients;
    assert.deepEqual(window.map((c) => c.id).sort(), all.slice(1, 4).map((c) => c.id).sort());
    assert.equal((await list('?filter[updated_at_from]=yesterday')).status, 400);
    const page = (await list('?per_page=3&page=3')).body;
    assert.deepEqual([page.clients.length, page.meta.total_count, page.meta.total_pages, page.meta.next_page], [1, 7, 3, null]);
  });

  test('a created client is listed in its organization only', async () => {
    await create({ kind: 'company', name: 'Zeta Nouveau' });
    assert.equal((await list('?filter[name]=zeta')).body.clients.length, 1);
    assert.equal((await list('?filter[name]=zeta', 'it')).body.clients.length, 0);
  });
});
