import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { createBankApi } from './index.js';
import { bankFailure } from './testing/test-rejection.js';
import type { BankApi } from './types.js';
import { sendJson, startTestServer } from './testing/test-server.js';
import type { IncomingMessage, ServerResponse } from 'node:http';

async function withApi(handler: (req: IncomingMessage, res: ServerResponse) => void, run: (api: BankApi, requests: () => number) => Promise<void>) {
  const s = await startTestServer(handler);
  const api = createBankApi({ baseUrl: s.url, getAccessToken: async () => 'tok' });
  try {
    await run(api, () => s.requests.length);
  } finally {
    await api.close();
    await s.close();
  }
}

async function unexpected(p: Promise<unknown>, pattern: RegExp): Promise<void> {
  const e = await bankFailure(p);
  assert.equal(e.kind, 'unexpected_response');
  assert.match(e.message, pattern);
}

const meta = (page: number, next: number | null) => ({ current_page: page, next_page: next, prev_page: null, total_pages: 9, total_count: 9, per_page: 1 });
const terminal = (id: string) => ({ id, poi_id: 'S1', created_at: 'x', updated_at: 'x' });

describe('wrapper keys', () => {
  test('missing or wrong-typed wrapper is an unexpected_response naming the key', async () => {
    await withApi((req, res) => {
      if (req.url?.startsWith('/v2/cards/')) sendJson(res, 200, [1, 2]);
      else if (req.url?.startsWith('/v2/organization')) sendJson(res, 200, { org: {} });
      else if (req.url?.startsWith('/v2/clients')) sendJson(res, 200, { clients: {}, meta: meta(1, null) });
      else if (req.url?.startsWith('/v2/cards')) sendJson(res, 200, { cards: [], meta: { current_page: '1' } });
      else if (req.url?.startsWith('/v2/terminal_payments')) sendJson(res, 200, { terminal_payment: { id: 'p1' } });
      else sendJson(res, 404, {});
    }, async (api) => {
      await unexpected(api.organization.get(), /"organization" to be an object/);
      await unexpected(api.clients.list(), /"clients" to be a list/);
      await unexpected(api.cards.list(), /meta\.current_page must be a whole number/);
      await unexpected(api.terminals.getPayment('p1'), /terminal_payment\.status must be text/);
      await unexpected(api.cards.lock('c1'), /expected a JSON object with "card", got a list/);
    });
  });

  test('a 2xx with an empty body is unexpected, not a crash', async () => {
    await withApi((_req, res) => { res.writeHead(200); res.end(); }, async (api) => {
      await unexpected(api.clients.get('c1'), /empty body/);
    });
  });

  test('terminal payments: lower-case status normalised, unknown kept, JSON-string metadata read', async () => {
    await withApi((req, res) => {
      const status = req.url?.endsWith('/p1') ? 'authorized' : 'WAITING_FOR_CARD';
      sendJson(res, 200, { terminal_payment: { id: 'p', terminal_id: 't', amount: { value: '1.00', currency: 'EUR' }, created_at: 'x', status, metadata: '{"order_id":"o"}' } });
    }, async (api) => {
      const p1 = await api.terminals.getPayment('p1');
      assert.equal(p1.status, 'AUTHORIZED');
      assert.deepEqual(p1.metadata, { order_id: 'o' });
      assert.equal((await api.terminals.getPayment('p2')).status, 'WAITING_FOR_CARD');
    });
  });
});

describe('terminals.listAll against misbehaving pagination', () => {
  test('a next_page that points back is refused after that page', async () => {
    await withApi((_req, res) => sendJson(res, 200, { terminals: [terminal('a')], meta: meta(1, 1) }), async (api, requests) => {
      await unexpected(api.terminals.listAll(), /points back from page 1 to page 1/);
      assert.equal(requests(), 1);
    });
  });

  test('a list that never ends stops at the page cap', async () => {
    await withApi((req, res) => {
      const page = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('page'));
      sendJson(res, 200, { terminals: [terminal(`t${page}`)], meta: meta(page, page + 1) });
    }, async (api, requests) => {
      await unexpected(api.terminals.listAll({ perPage: 1 }), /did not end after 100 pages/);
      assert.equal(requests(), 100);
    });
  });

  test('query carries page and per_page', async () => {
    const urls: string[] = [];
    await withApi((req, res) => {
      urls.push(req.url ?? '');
      sendJson(res, 200, { terminals: [], meta: meta(1, null) });
    }, async (api) => {
      assert.deepEqual(await api.terminals.listAll({ perPage: 2 }), []);
      assert.deepEqual(urls, ['/v2/terminals?page=1&per_page=2']);
    });
  });
});
