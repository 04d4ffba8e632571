import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Card } from '../../shared/domain/bank.js';
import { SANDBOX_API_KEYS, SANDBOX_MEMBERSHIPS, SANDBOX_TERMINALS } from './index.js';
import { OAUTH_REQUIRED } from './auth.js';
import { call, sharedSandbox, tokenFor, type ErrorBody } from './testing/test-support.js';

const fixture = sharedSandbox();

const cards = async (token: string, query = '') => (await call<{ cards: Card[]; meta: { total_count: number } }>(fixture.sb, `/v2/cards${query}`, { token })).body;

describe('access tokens: 401', () => {
  test('missing, malformed and unknown tokens', async () => {
    const variants: Array<[Record<string, string>, string]> = [[{}, 'unauthorized'], [{ authorization: 'Basic abc' }, 'oauth_required'], [{ authorization: 'Bearer ory_at_nope' }, 'unauthorized']];
    for (const [headers, code] of variants) {
      const res = await call<ErrorBody>(fixture.sb, '/v2/organization', { headers });
      assert.equal(res.status, 401, JSON.stringify(headers));
      assert.equal(res.body.errors[0]?.code, code);
      assert.match(res.body.trace_id, /^[0-9a-f]{32}$/);
      assert.equal(res.headers.get('x-tyk-trace-id'), res.body.trace_id);
    }
  });

  test('a token expires after 3600 s of sandbox time', async () => {
    const token = tokenFor(fixture.sb, 'fr', 'owner');
    fixture.sb.clock.advance(3_599_999);
    assert.equal((await call(fixture.sb, '/v2/organization', { token })).status, 200);
    fixture.sb.clock.advance(1);
    const res = await call<ErrorBody>(fixture.sb, '/v2/organization', { token });
    assert.equal(res.status, 401);
    assert.match(res.body.errors[0]!.detail, /expired/);
  });

  test('reset forgets every token', async () => {
    const token = tokenFor(fixture.sb, 'fr', 'owner');
    fixture.sb.reset();
    assert.equal((await call(fixture.sb, '/v2/organization', { token })).status, 401);
  });
});

describe('the SecretKey scheme: "<login>:<secret key>" on client endpoints only', () => {
  const key = `${SANDBOX_API_KEYS.fr.login}:${SANDBOX_API_KEYS.fr.secretKey}`;

  test('client endpoints answer the organization of the key', async () => {
    const created = await call<{ client: { id: string } }>(fixture.sb, '/v2/clients', { headers: { authorization: key }, body: { kind: 'company', name: 'Key Client' } });
    assert.equal(created.status, 200, created.text);
    const got = await call<{ client: { name: string } }>(fixture.sb, `/v2/clients/${created.body.client.id}`, { headers: { authorization: key } });
    assert.equal(got.body.client.name, 'Key Client');
    const listed = await call<{ clients: unknown[] }>(fixture.sb, '/v2/clients', { headers: { authorization: key } });
    assert.equal(listed.status, 200);
    const itKey = `${SANDBOX_API_KEYS.it.login}:${SANDBOX_API_KEYS.it.secretKey}`;
    assert.equal((await call(fixture.sb, `/v2/clients/${created.body.client.id}`, { headers: { authorization: itKey } })).status, 404, 'another organization');
  });

  test('a wrong key, a key of another login, or Base64/Bearer forms are 401 Invalid credentials', async () => {
    const wrong = [`${SANDBOX_API_KEYS.fr.login}:nope`, `${SANDBOX_API_KEYS.it.login}:${SANDBOX_API_KEYS.fr.secretKey}`, `Basic ${Buffer.from(key).toString('base64')}`];
    for (const authorization of wrong) {
      const res = await call<ErrorBody>(fixture.sb, '/v2/clients', { headers: { authorization } });
      assert.deepEqual([res.status, res.body.errors[0]?.detail], [401, 'Invalid credentials'], authorization);
    }
    assert.equal((await call(fixture.sb, '/v2/clients', { headers: { authorization: `Bearer ${key}` } })).status, 401);
  });

  test('every other endpoint answers 401 with the provider’s OAuth wording, even to a valid key', async () => {
    for (const path of ['/v2/terminals', '/v2/cards', '/v2/organization', `/v2/terminal_payments/${SANDBOX_TERMINALS.fr.approve}`, '/v1/organizations/x']) {
      const res = await call<ErrorBody>(fixture.sb, path, { headers: { authorization: key } });
      assert.equal(res.status, 401, path);
      assert.deepEqual([res.body.errors[0]?.code, res.body.errors[0]?.detail], ['oauth_required', OAUTH_REQUIRED], path);
    }
  });
});

describe('scopes the provider grants', () => {
  test('attachment.read, einvoicing.read and the rest of the documented list are accepted', async () => {
    const scopes = ['attachment.read', 'einvoicing.read', 'supplier_invoice.read', 'sepa_direct_debit.write', 'organization.read'];
    const res = await call(fixture.sb, '/__sandbox/tokens', { body: { organization: 'fr', role: 'owner', scopes } });
    assert.equal(res.status, 200, res.text);
  });
});

describe('scopes: 403 naming the missing scope', () => {
  const T = SANDBOX_TERMINALS.fr;
  const card = '00000000-0000-4000-8000-000000000000';
  const operations: Array<[string, string, string, unknown?]> = [
    ['client.write', 'POST', '/v2/clients', { kind: 'company', name: 'X' }],
    ['client.read', 'GET', '/v2/clients'],
    ['client.read', 'GET', `/v2/clients/${card}`],
    ['card.read', 'GET', '/v2/cards'],
    ['card.write', 'PATCH', `/v2/cards/${card}/nickname`, { card: { nickname: 'x' } }],
    ['card.write', 'PATCH', `/v2/cards/${card}/restrictions`, { card: { active_days: [1] } }],
    ['card.write', 'PUT', `/v2/cards/${card}/lock`],
    ['card.write', 'PUT', `/v2/cards/${card}/unlock`],
    ['card.write', 'PUT', `/v2/cards/${card}/lost`],
    ['terminal.read', 'GET', '/v2/terminals'],
    ['terminal.write', 'POST', `/v2/terminals/${T.approve}/payment`, { amount: { value: '1.00', currency: 'EUR' } }],
    ['terminal.read', 'GET', `/v2/terminal_payments/${card}`],
    ['organization.read', 'GET', '/v2/organization'],
    ['organization.read', 'GET', '/v2/organizations/boulangerie-martin-4821'],
  ];
  for (const [scope, method, path, body] of operations) {
    test(`${method} ${path.replace(card, '{id}')} needs ${scope}`, async () => {
      const all = ['client.read', 'client.write', 'card.read', 'card.write', 'terminal.read', 'terminal.write', 'organization.read'];
      const token = tokenFor(fixture.sb, 'fr', 'owner', all.filter((s) => s !== scope));
      const res = await call<ErrorBody>(fixture.sb, path, { method, token, body, headers: { 'X-Service-Idempotency-Key': 'k' } });
      assert.equal(res.status, 403);
      assert.equal(res.body.errors[0]?.code, 'forbidden');
      assert.ok(res.body.errors[0]!.detail.includes(`"${scope}"`), res.body.errors[0]!.detail);
      const allowed = await call(fixture.sb, path, { method, token: tokenFor(fixture.sb, 'fr', 'owner', [scope]), body, headers: { 'X-Service-Idempotency-Key': 'k' } });
      assert.notEqual(allowed.status, 403, `${path} with only ${scope}: ${allowed.text}`);
    });
  }
});

describe('roles and card visibility', () => {
  test('employees see only the cards they hold; admins and owners see all', async () => {
    const employee = await cards(tokenFor(fixture.sb, 'fr', 'employee'));
    const admin = await cards(tokenFor(fixture.sb, 'fr', 'admin'), '?per_page=100');
    assert.ok(employee.cards.length >= 5, `employee holds ${employee.cards.length} cards`);
    assert.ok(employee.cards.every((c) => c.holder_id === SANDBOX_MEMBERSHIPS.fr.employee));
    assert.ok(admin.meta.total_count >= 120);
    assert.equal((await cards(tokenFor(fixture.sb, 'fr', 'owner'))).meta.total_count, admin.meta.total_count);
  });

  test('rename, restrictions and unlock: admins and owners only', async () => {
    const employee = tokenFor(fixture.sb, 'fr', 'employee');
    const own = (await cards(employee, '?statuses[]=live')).cards[0]!;
    const paths: Array<[string, string, unknown?]> = [
      ['PATCH', `/v2/cards/${own.id}/nickname`, { card: { nickname: 'Mine' } }],
      ['PATCH', `/v2/cards/${own.id}/restrictions`, { card: { active_days: [1, 2] } }],
      ['PUT', `/v2/cards/${own.id}/unlock`],
    ];
    for (const [method, path, body] of paths) {
      const res = await call<ErrorBody>(fixture.sb, path, { method, token: employee, body });
      assert.equal(res.status, 403, path);
      assert.match(res.body.errors[0]!.detail, /owner and admin/);
    }
    for (const role of ['admin', 'owner'] as const) {
      const res = await call<{ card: Card }>(fixture.sb, `/v2/cards/${own.id}/nickname`, { method: 'PATCH', token: tokenFor(fixture.sb, 'fr', role), body: { card: { nickname: role } } });
      assert.equal(res.status, 200);
      assert.equal(res.body.card.nickname, role);
    }
  });

  test('an employee may lock a card they hold, but not see or lock another one', async () => {
    const employee = tokenFor(fixture.sb, 'fr', 'employee');
    const own = (await cards(employee, '?statuses[]=live')).cards[0]!;
    const other = (await cards(tokenFor(fixture.sb, 'fr', 'owner'), `?statuses[]=live&holder_ids[]=${SANDBOX_MEMBERSHIPS.fr.admin}`)).cards[0]!;
    assert.equal((await call(fixture.sb, `/v2/cards/${own.id}/lock`, { method: 'PUT', token: employee })).status, 200);
    assert.equal((await call(fixture.sb, `/v2/cards/${other.id}/lock`, { method: 'PUT', token: employee })).status, 404);
  });

  test('another organization’s resources are invisible', async () => {
    const frCard = (await cards(tokenFor(fixture.sb, 'fr', 'owner'))).cards[0]!;
    const res = await call(fixture.sb, `/v2/cards/${frCard.id}/lock`, { method: 'PUT', token: tokenFor(fixture.sb, 'it', 'owner') });
    assert.equal(res.status, 404);
    const it = await cards(tokenFor(fixture.sb, 'it', 'owner'));
    assert.ok(it.cards.every((c) => c.organization_id !== frCard.organization_id));
  });

  test('unknown route: 404 with the provider error body', async () => {
    const res = await call<ErrorBody>(fixture.sb, '/v2/nothing-here', { token: tokenFor(fixture.sb, 'fr', 'owner') });
    assert.equal(res.status, 404);
    assert.equal(res.body.errors[0]?.code, 'not_found');
  });
});
