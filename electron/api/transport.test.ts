import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { createBankApi } from './index.js';
import { bankFailure } from './testing/test-rejection.js';
import { transportError, transportKind } from './transport-error.js';
import { RequestStop } from '../payments/request-stop.js';
import type { BankApi, BankApiConfig } from './types.js';
import { closedPort, startTestServer } from './testing/test-server.js';

const T = 'ory_at_transport-test-token';

async function withApi(handler: Parameters<typeof startTestServer>[0], run: (api: BankApi) => Promise<void>, extra: Partial<BankApiConfig> = {}) {
  const s = await startTestServer(handler);
  const api = createBankApi({ baseUrl: s.url, getAccessToken: async () => T, ...extra });
  try {
    await run(api);
  } finally {
    await api.close();
    await s.close();
  }
}

const push = { amountMinor: 1000, currency: 'EUR' as const };

describe('transport faults through the real client, each reported distinctly', () => {
  test('connect refused (closed port)', async () => {
    const api = createBankApi({ baseUrl: `http://127.0.0.1:${await closedPort()}`, getAccessToken: async () => T });
    try {
      const e = await bankFailure(api.organization.get());
      assert.deepEqual([e.kind, e.retryable, e.status], ['connect_refused', true, undefined]);
      assert.match(e.message, /GET \/v2\/organization: could not connect .* \(connection refused\)/);
    } finally {
      await api.close();
    }
  });

  test('timeout: a server that never answers, short headersTimeout', async () => {
    await withApi(() => undefined, async (api) => {
      const e = await bankFailure(api.terminals.createPayment('t1', push, 'key-timeout'));
      assert.deepEqual([e.kind, e.retryable], ['timeout', true]);
      assert.match(e.message, /did not answer in time \(timed out waiting for the answer\)/);
    }, { timeouts: { headersMs: 100 } });
  });

  test('timeout: a server that stalls in the middle of the body, short bodyTimeout', async () => {
    await withApi((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"terminals":[');
    }, async (api) => {
      const e = await bankFailure(api.terminals.listAll());
      assert.equal(e.kind, 'timeout');
      assert.match(e.message, /reading the answer/);
    }, { timeouts: { bodyMs: 100 } });
  });

  test('reset: a server that destroys the socket', async () => {
    await withApi((req) => req.socket.destroy(), async (api) => {
      const e = await bankFailure(api.terminals.createPayment('t1', push, 'key-reset'));
      assert.deepEqual([e.kind, e.retryable], ['reset', true]);
    });
  });

  test('aborted: the caller aborts in flight, or before sending', async () => {
    const ac = new AbortController();
    let seen = 0;
    await withApi(() => (seen++, ac.abort()), async (api) => {
      const e = await bankFailure(api.terminals.getPayment('p1', { signal: ac.signal }));
      assert.equal(e.kind, 'aborted');
      const before = await bankFailure(api.cards.lock('c1', { signal: AbortSignal.abort() }));
      assert.equal(before.kind, 'aborted');
      assert.equal(seen, 1, 'a pre-aborted request never leaves');
    });
  });

  test("aborted by the engine's RequestStop (an emitter, not an AbortSignal): in flight, before sending, its reason kept", async () => {
    const stop = new RequestStop();
    let seen = 0;
    await withApi(() => (seen++, stop.abort('deadline')), async (api) => {
      const e = await bankFailure(api.terminals.createPayment('t1', push, 'key-stop', { signal: stop }));
      assert.equal(e.kind, 'aborted');
      assert.equal(stop.reason, 'deadline');
      const already = new RequestStop();
      already.abort('close');
      assert.equal((await bankFailure(api.terminals.getPayment('p1', { signal: already }))).kind, 'aborted');
      assert.equal(seen, 1, 'a stopped request never leaves');
    });
  });
});

describe('transportKind on what undici and Node throw', () => {
  const err = (props: Record<string, unknown>) => Object.assign(new Error(String(props.message ?? 'x')), props);
  test('codes, causes and AggregateError members', () => {
    assert.equal(transportKind(new AggregateError([err({ code: 'ECONNREFUSED' })], 'connect failed')), 'connect_refused');
    assert.equal(transportKind(err({ cause: err({ code: 'UND_ERR_CONNECT_TIMEOUT' }) })), 'timeout');
    assert.equal(transportKind(err({ code: 'UND_ERR_SOCKET', message: 'other side closed' })), 'reset');
    assert.equal(transportKind(err({ message: 'other side closed' })), 'reset');
    assert.equal(transportKind(err({ code: 'ECONNRESET' })), 'reset');
    assert.equal(transportKind(new DOMException('aborted', 'AbortError')), 'aborted');
    assert.equal(transportKind(err({ code: 'ENOTFOUND' })), 'network');
    assert.equal(transportKind(err({ code: 'ECONNRESET' }), AbortSignal.abort()), 'aborted', 'the caller abort wins');
  });
  test('an oversized answer is an unexpected response, not retryable', () => {
    const e = transportError(err({ code: 'UND_ERR_RES_EXCEEDED_MAX_SIZE' }), { method: 'GET', path: '/v2/cards', baseUrl: 'http://h' });
    assert.deepEqual([e.kind, e.retryable], ['unexpected_response', false]);
  });
});
