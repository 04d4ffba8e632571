/**
 * Contract tests: every response shape the real bank is known to send (its own
 * published examples, and what open-source clients recorded from the live API)
 * is served verbatim to the REAL client, and what the app gets is asserted.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { ServerResponse } from 'node:http';
import { createBankApi, type BankApi } from './index.js';
import { bankFailure } from './testing/test-rejection.js';
import { startTestServer, type TestServer } from './testing/test-server.js';

interface Shape { status: number; body: string; type?: string }
const json = (status: number, body: unknown): Shape => ({ status, body: JSON.stringify(body) });
const shapes = new Map<string, Shape>();
/** Serves `shape` for `METHOD /path` (query ignored) until the next serve(). */
const serve = (route: string, shape: Shape) => shapes.set(route, shape);

let server: TestServer;
let api: BankApi;
before(async () => {
  server = await startTestServer((req, res: ServerResponse) => {
    const shape = shapes.get(`${req.method} ${(req.url ?? '').split('?')[0]}`) ?? { status: 404, body: 'Not Found', type: 'text/plain' };
    res.writeHead(shape.status, shape.body === '' ? {} : { 'content-type': shape.type ?? 'application/json' });
    res.end(shape.body);
  });
  api = createBankApi({ baseUrl: server.url, getAccessToken: async () => 'ory_at_test' });
});
after(async () => {
  await api.close();
  await server.close();
});

const TERMINAL = '6f1c2f8e-3d2a-4b7e-9a51-0c8d7e6f5a41';
const PAYMENT = 'b2f0a5c4-1e3d-4c6b-8a7f-9d0e1f2a3b4c';
const CARD = '0a9b8c7d-6e5f-4a3b-9c2d-1e0f9a8b7c6d';
const emptyMeta = { current_page: 1, prev_page: null, total_pages: 1, total_count: 0, per_page: 100 };

describe('error bodies as the real API sends them', () => {
  test('422 with errors as ONE object keeps its code, detail and /card/active_days pointer', async () => {
    serve(`PATCH /v2/cards/${CARD}/restrictions`, json(422, {
      errors: { code: 'invalid', detail: 'active_days must contain days from 1 to 7', source: { pointer: '/card/active_days' }, status: '422', message: 'Validation failed' },
    }));
    const e = await bankFailure(api.cards.setRestrictions(CARD, { active_days: [9], categories: [] }), 422);
    assert.deepEqual(e.errors, [{ code: 'invalid', detail: 'active_days must contain days from 1 to 7', source: { pointer: '/card/active_days' } }]);
    assert.equal(e.retryable, false);
  });

  test('{"message":"Forbidden"} on a 403', async () => {
    serve('GET /v2/cards', json(403, { message: 'Forbidden' }));
    const e = await bankFailure(api.cards.list(), 403);
    assert.deepEqual(e.errors, [{ code: 'forbidden', detail: 'Forbidden' }]);
  });

  test('flat {code, message} on a 428', async () => {
    serve(`PUT /v2/cards/${CARD}/lock`, json(428, { code: 'sca_not_enrolled', message: 'Strong customer authentication is not set up' }));
    const e = await bankFailure(api.cards.lock(CARD), 428);
    assert.deepEqual(e.errors, [{ code: 'sca_not_enrolled', detail: 'Strong customer authentication is not set up' }]);
  });

  test('items with message instead of detail', async () => {
    serve('POST /v2/clients', json(422, { errors: [{ code: 'invalid', status: '422', message: 'name is missing', source: { pointer: '/client/name' } }], trace_id: 'a1b2' }));
    const e = await bankFailure(api.clients.create({ kind: 'company', name: 'x' }), 422);
    assert.deepEqual(e.errors, [{ code: 'invalid', detail: 'name is missing', source: { pointer: '/client/name' } }]);
    assert.equal(e.traceId, 'a1b2');
  });

  test('the gateway: a text/plain 404, an empty 500 and an empty 429', async () => {
    const unknown = await bankFailure(api.clients.get('4a5b6c7d-8e9f-4a0b-9c1d-2e3f4a5b6c7d'), 404);
    assert.deepEqual(unknown.errors, [{ code: 'not_found', detail: 'Not Found' }]);
    assert.equal(unknown.retryable, false);
    serve('GET /v2/organization', { status: 500, body: '' });
    const crash = await bankFailure(api.organization.get(), 500);
    assert.deepEqual([crash.errors, crash.retryable], [[], true]);
    assert.match(crash.message, /HTTP 500: no error details/);
    serve('GET /v2/organization', { status: 429, body: '' });
    assert.equal((await bankFailure(api.organization.get(), 429)).retryable, true);
  });

  test('an HTML page instead of JSON (sandbox without its staging token) is named as such', async () => {
    serve('GET /v2/terminals', { status: 200, body: '<!doctype html><html><body><form>Sign in</form></body></html>', type: 'text/html' });
    const e = await bankFailure(api.terminals.listAll());
    assert.equal(e.kind, 'unexpected_response');
    assert.match(e.message, /HTML page instead of JSON.*Staging-Token/);
  });
});

describe('pagination as the real API sends it', () => {
  test('an empty list with next_page 0, or without next_page, is no items', async () => {
    serve('GET /v2/terminals', json(200, { terminals: [], meta: { ...emptyMeta, next_page: 0 } }));
    assert.deepEqual(await api.terminals.listAll(), []);
    serve('GET /v2/terminals', json(200, { terminals: [], meta: emptyMeta }));
    assert.deepEqual(await api.terminals.listAll(), []);
    serve('GET /v2/cards', json(200, { cards: [], meta: { ...emptyMeta, next_page: 0, prev_page: 0 } }));
    const cards = await api.cards.list();
    assert.deepEqual([cards.items, cards.meta.next_page, cards.meta.prev_page], [[], null, null]);
    serve('GET /v2/clients', json(200, { clients: [], meta: emptyMeta }));
    assert.equal((await api.clients.list()).meta.next_page, null);
  });

  test('the documented terminal list', async () => {
    const t = { id: TERMINAL, poi_id: 'S1F2-000158241234', created_at: '2026-01-12T10:00:00.000Z', updated_at: '2026-03-02T08:15:00.000Z' };
    serve('GET /v2/terminals', json(200, { terminals: [t], meta: { ...emptyMeta, next_page: null, total_count: 1 } }));
    assert.deepEqual(await api.terminals.listAll(), [t]);
  });
});

describe('resources as the real API sends them', () => {
  test('a card with type_of_print null, exp_month "8", null lifespan limits, the extra fields and no gradient', async () => {
    const card = {
      id: CARD, nickname: 'Fuel', embossed_name: 'ANNA MARTIN', status: 'pin_blocked', card_level: 'standard', mask_pan: '•••• 2120',
      last_digits: '2120', exp_month: '8', exp_year: '2028', holder_id: '1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e',
      bank_account_id: '2c3d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e6f', organization_id: '3d4e5f6a-7b8c-4d9e-8f1a-2b3c4d5e6f7a',
      active_days: [1, 2, 3, 4, 5], categories: [], last_activity_at: '2026-11-20T09:00:00.000Z', created_at: '2025-01-01T00:00:00.000Z',
      updated_at: '2026-11-20T09:00:00.000Z', type_of_print: null, payment_lifespan_limit: null, payment_lifespan_spent: null,
      shipped_lost_at: null, eligible_for_renewal: false, eligible_for_upsell: true,
      appearance: { assets: { front_large: 'https://x/l.png', front_small: 'https://x/s.png', front_small_wallet: 'https://x/w.png' }, theme: 'dark' },
    };
    serve('GET /v2/cards', json(200, { meta: { ...emptyMeta, next_page: null, total_count: 1 }, cards: [card] }));
    assert.deepEqual((await api.cards.list({ holder_ids: [card.holder_id] })).items, [card]);
    assert.match(server.requests.at(-1)!.url, /[?&]holder_ids\[\]=1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e(&|$)/);
    assert.doesNotMatch(server.requests.at(-1)!.url, /holder_id=/);
  });

  test('the 202 without a metadata key, and a 201, are accepted payments with metadata null', async () => {
    const accepted = { id: PAYMENT, terminal_id: TERMINAL, amount: { value: '13.30', currency: 'EUR' }, created_at: '2026-04-01T14:30:00Z' };
    for (const status of [202, 201]) {
      serve(`POST /v2/terminals/${TERMINAL}/payment`, json(status, { terminal_payment: accepted }));
      assert.deepEqual(await api.terminals.createPayment(TERMINAL, { amountMinor: 1330, currency: 'EUR' }, 'b7c2d3e4-5f6a-4b7c-8d9e-0f1a2b3c4d5e'), { ...accepted, metadata: null });
    }
  });

  test('the published authorized example with a tip: authorized_amount above amount, tip_amount kept', async () => {
    const p = {
      id: PAYMENT, terminal_id: TERMINAL, poi_id: 'S1F2-000158241234', amount: { value: '20.00', currency: 'EUR' }, status: 'AUTHORIZED',
      authorized_amount: { value: '21.00', currency: 'EUR' }, tip_amount: { value: '1.00', currency: 'EUR' }, payment_method: 'cartebancaire',
      card_summary: '2120', metadata: { order_id: 'order-456' }, created_at: '2026-04-01T14:30:00Z', updated_at: '2026-04-01T14:30:20Z', authorized_at: '2026-04-01T14:30:20Z',
    };
    serve(`GET /v2/terminal_payments/${PAYMENT}`, json(200, { terminal_payment: p }));
    assert.deepEqual(await api.terminals.getPayment(PAYMENT), p);
  });

  test('metadata JSON-encoded in a string, as in the published webhook example, is read as an object', async () => {
    serve(`GET /v2/terminal_payments/${PAYMENT}`, json(200, { terminal_payment: { id: PAYMENT, terminal_id: TERMINAL, status: 'PENDING', amount: { value: '5.00', currency: 'EUR' }, metadata: '{"order_id": "order-456"}', created_at: '2026-04-01T14:30:00Z' } }));
    assert.deepEqual((await api.terminals.getPayment(PAYMENT)).metadata, { order_id: 'order-456' });
  });

  test('a refusal with a decline code, in lowercase status', async () => {
    serve(`GET /v2/terminal_payments/${PAYMENT}`, json(200, { terminal_payment: { id: PAYMENT, terminal_id: TERMINAL, status: 'refused', failure_reason: 'pin_tries_exceeded', amount: { value: '5.00', currency: 'EUR' }, created_at: '2026-04-01T14:30:00Z' } }));
    const p = await api.terminals.getPayment(PAYMENT);
    assert.deepEqual([p.status, p.failure_reason, p.metadata], ['REFUSED', 'pin_tries_exceeded', null]);
  });

  test('the organization with its address object and an external account', async () => {
    const org = {
      id: '3d4e5f6a-7b8c-4d9e-8f1a-2b3c4d5e6f7a', name: 'Boulangerie', slug: 'boulangerie-1234', legal_name: null, locale: 'fr', legal_country: 'FR',
      contract_signed_at: '2024-02-01T10:00:00.000Z', address: { street_address: '3 rue du Pain', city: 'Paris', zip_code: '75011', country_code: 'FR' },
      bank_accounts: [{ id: 'a1', slug: 'main', iban: '', bic: '', currency: 'EUR', balance: 0, balance_cents: 0, authorized_balance: 0, authorized_balance_cents: 0, name: 'Other bank', status: 'active', main: false, is_external_account: true, account_number: '0001234' }],
    };
    serve('GET /v2/organization', json(200, { organization: org }));
    assert.deepEqual(await api.organization.get({ includeExternalAccounts: true }), org);
    assert.match(server.requests.at(-1)!.url, /include_external_accounts=true/);
  });
});
