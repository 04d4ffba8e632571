import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Organization } from '../../shared/domain/bank.js';
import { SANDBOX_ORGS } from './index.js';
import { call, sharedSandbox, tokenFor, type ErrorBody } from './testing/test-support.js';

const fixture = sharedSandbox();

type OrgReply = { organization: Organization } & ErrorBody;
const get = (path: string, org: 'fr' | 'it' = 'fr') => call<OrgReply>(fixture.sb, path, { token: tokenFor(fixture.sb, org, 'employee') });
const SUNSET = Date.UTC(2026, 10, 15);

describe('GET /v2/organization', () => {
  test('the token’s organization; external accounts only on request', async () => {
    const plain = (await get('/v2/organization')).body.organization;
    assert.deepEqual([plain.id, plain.slug, plain.name, plain.locale, plain.legal_country], [SANDBOX_ORGS.fr.id, SANDBOX_ORGS.fr.slug, SANDBOX_ORGS.fr.name, 'fr', 'FR']);
    assert.ok(plain.bank_accounts.length >= 2);
    assert.ok(plain.bank_accounts.every((a) => !a.is_external_account));
    assert.equal(plain.bank_accounts.filter((a) => a.main).length, 1);
    assert.deepEqual((await get('/v2/organization?include_external_accounts=false')).body, { organization: plain });
    const withExternal = (await get('/v2/organization?include_external_accounts=true')).body.organization.bank_accounts;
    assert.equal(withExternal.length, plain.bank_accounts.length + 1);
    assert.equal(withExternal.filter((a) => a.is_external_account).length, 1);
    assert.equal((await get('/v2/organization', 'it')).body.organization.id, SANDBOX_ORGS.it.id);
  });

  test('the organization carries its address object', async () => {
    assert.deepEqual((await get('/v2/organization')).body.organization['address'], { street_address: '12 rue des Lilas', city: 'Paris', zip_code: '75011', province_code: null, country_code: 'FR' });
    assert.equal(((await get('/v2/organization', 'it')).body.organization['address'] as { province_code: string }).province_code, 'MI');
  });

  test('include_external_accounts reads true/false in any case and 1/0', async () => {
    const externals = async (v: string) => (await get(`/v2/organization?include_external_accounts=${v}`)).body.organization.bank_accounts.filter((a) => a.is_external_account).length;
    for (const v of ['true', 'TRUE', '1']) assert.equal(await externals(v), 1, v);
    for (const v of ['false', 'False', '0', '']) assert.equal(await externals(v), 0, v);
  });

  test('include_external_accounts must be true or false', async () => {
    const res = await get('/v2/organization?include_external_accounts=yes');
    assert.equal(res.status, 400);
    assert.equal(res.body.errors[0]?.source?.parameter, 'include_external_accounts');
  });
});

describe('retired /v1|v2/organizations/{slug}', () => {
  for (const prefix of ['/v1', '/v2']) {
    test(`${prefix}: 200 with the old subset and deprecation headers until the sunset instant`, async () => {
      fixture.sb.clock.set(SUNSET - 1);
      const res = await get(`${prefix}/organizations/any-slug-is-ignored`);
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('sunset'), 'Sun, 15 Nov 2026 00:00:00 GMT');
      assert.equal(res.headers.get('deprecation'), `@${Date.UTC(2025, 10, 15) / 1000}`);
      assert.equal(res.headers.get('link'), `<${fixture.sb.url}/docs/migration>; rel="deprecation", <${fixture.sb.url}/v2/organization>; rel="successor-version"`);
      const org = res.body.organization as unknown as { slug: string; legal_name: string; bank_accounts: Array<Record<string, unknown>> };
      assert.deepEqual(Object.keys(org).sort(), ['bank_accounts', 'legal_name', 'slug']);
      assert.equal(org.slug, SANDBOX_ORGS.fr.slug);
      assert.deepEqual(Object.keys(org.bank_accounts[0]!).sort(), ['authorized_balance', 'authorized_balance_cents', 'balance', 'balance_cents', 'bic', 'currency', 'iban', 'slug', 'status', 'updated_at']);
    });

    test(`${prefix}: 410 Gone with the provider error body from the sunset instant`, async () => {
      fixture.sb.clock.set(SUNSET);
      const res = await get(`${prefix}/organizations/${SANDBOX_ORGS.fr.slug}`);
      assert.equal(res.status, 410);
      assert.equal(res.body.errors[0]?.code, 'gone');
      assert.equal(res.headers.get('x-tyk-trace-id'), res.body.trace_id);
    });
  }

  test('before the sunset, errors carry the headers too; the clock may go back', async () => {
    fixture.sb.clock.set(SUNSET + 86_400_000);
    assert.equal((await get('/v1/organizations/x')).status, 410);
    fixture.sb.clock.set(SUNSET - 86_400_000);
    const res = await call(fixture.sb, '/v1/organizations/x');
    assert.equal(res.status, 401);
    assert.ok(res.headers.get('sunset'));
    assert.equal((await call(fixture.sb, '/v1/organizations/x', { token: tokenFor(fixture.sb, 'fr', 'owner', ['card.read']) })).status, 403);
  });
});
