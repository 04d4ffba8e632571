import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { createHttp, isReplayable, type Http } from './http.js';
import { bankFailure } from './testing/test-rejection.js';
import type { BankApiConfig } from './types.js';
import { sendJson, startTestServer, type TestServer } from './testing/test-server.js';
import { memoryLogger } from '../log.js';

const TOKEN = 'ory_at_secret-token-value-123';

async function withServer(handler: Parameters<typeof startTestServer>[0], run: (s: TestServer, http: Http) => Promise<void>, config: Partial<BankApiConfig> = {}) {
  const s = await startTestServer(handler);
  const http = createHttp({ baseUrl: s.url, getAccessToken: async () => TOKEN, ...config });
  try {
    await run(s, http);
  } finally {
    await http.close();
    await s.close();
  }
}

describe('headers and logging', () => {
  test('bearer, staging token with exact capitalisation, JSON headers; tokens never logged', async () => {
    const logger = memoryLogger();
    await withServer((_req, res) => sendJson(res, 200, { ok: true }, { 'x-tyk-trace-id': 'tr-1' }), async (s, http) => {
      const res = await http.request('PATCH', '/v2/cards/c1/nickname', { body: { card: { nickname: 'Till' } }, query: { 'filter[email]': 'x@y.fr' } });
      assert.equal(res.traceId, 'tr-1');
      const seen = s.requests[0];
      assert.ok(seen);
      assert.equal(seen.headers.authorization, `Bearer ${TOKEN}`);
      assert.equal(seen.headers['x-service-staging-token'], 'staging-secret-42');
      assert.equal(seen.headers.accept, 'application/json');
      assert.equal(seen.headers['content-type'], 'application/json');
      assert.equal(seen.body, '{"card":{"nickname":"Till"}}');
      assert.equal(seen.url, '/v2/cards/c1/nickname?filter[email]=x%40y.fr');
    }, { stagingToken: 'staging-secret-42', logger });
    const all = logger.lines.join('\n');
    assert.ok(logger.lines.some((l) => l.includes('"status":200') && l.includes('"trace_id":"tr-1"') && l.includes('"path":"/v2/cards/c1/nickname"')));
    assert.ok(!all.includes(TOKEN) && !all.includes('staging-secret-42') && !all.includes('x%40y.fr'), all);
  });

  test('no Content-Type without a body', async () => {
    await withServer((_req, res) => sendJson(res, 200, { card: {} }), async (s, http) => {
      await http.request('PUT', '/v2/cards/c1/lock');
      assert.equal(s.requests[0]?.headers['content-type'], undefined);
    });
  });
});

describe('a request held until its release', () => {
  const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

  test('prepared at once (the token is asked for), written only once the release resolves', async () => {
    let asked = 0;
    let release!: () => void;
    await withServer((_req, res) => sendJson(res, 202, { id: 'p1' }), async (s, http) => {
      const call = http.request('POST', '/v2/terminals/t1/payment', { body: { a: 1 }, release: new Promise<void>((r) => (release = r)) });
      await pause(50);
      assert.equal(asked, 1, 'the token was had while the release was pending');
      assert.equal(s.requests.length, 0, 'no request reached the server before the release');
      release();
      assert.equal((await call).status, 202);
      assert.equal(s.requests.length, 1);
    }, { getAccessToken: async () => (asked++, TOKEN) });
  });

  test('a release that rejects sends nothing and rejects the call with its reason, logging no transport failure', async () => {
    const logger = memoryLogger();
    await withServer((_req, res) => sendJson(res, 202, { id: 'p1' }), async (s, http) => {
      const refused = new Error('the record was not journaled');
      await assert.rejects(http.request('POST', '/v2/terminals/t1/payment', { body: { a: 1 }, release: Promise.reject(refused) }), (e) => e === refused);
      await pause(50);
      assert.equal(s.requests.length, 0);
    }, { logger });
    assert.ok(!logger.lines.some((l) => l.includes('bank request failed')), logger.lines.join('\n'));
  });
});

describe('401 handling', () => {
  const on401Then200 = () => {
    let n = 0;
    return (_req: unknown, res: Parameters<typeof sendJson>[0]) => (n++ === 0 ? sendJson(res, 401, { errors: [{ code: 'unauthorized', detail: 'expired' }] }) : sendJson(res, 200, { ok: n }));
  };

  test('onUnauthorized true → one replay of an idempotent request with the new token', async () => {
    let token = 'old-token-aaaaaaaa';
    let calls = 0;
    await withServer(on401Then200(), async (s, http) => {
      const res = await http.request('GET', '/v2/organization');
      assert.equal(res.status, 200);
      assert.equal(calls, 1);
      assert.deepEqual(s.requests.map((r) => r.headers.authorization), ['Bearer old-token-aaaaaaaa', 'Bearer new-token-bbbbbbbb']);
    }, { getAccessToken: async () => token, onUnauthorized: async () => { calls++; token = 'new-token-bbbbbbbb'; return true; } });
  });

  test('replayed only once: a second 401 is the answer', async () => {
    let calls = 0;
    await withServer((_req, res) => sendJson(res, 401, { message: 'Invalid credentials' }), async (s, http) => {
      const e = await bankFailure(http.request('PUT', '/v2/cards/c/lock'));
      assert.equal(e.status, 401);
      assert.equal(s.requests.length, 2);
      assert.equal(calls, 1);
    }, { onUnauthorized: async () => (calls++, true) });
  });

  test('POST with an idempotency key is replayed; POST /v2/clients never', async () => {
    let calls = 0;
    const config = { onUnauthorized: async () => (calls++, true) };
    await withServer(on401Then200(), async (s, http) => {
      await http.request('POST', '/v2/terminals/t/payment', { body: {}, headers: { 'X-Service-Idempotency-Key': 'key-1' } });
      assert.equal(s.requests.length, 2);
      assert.equal(s.requests[1]?.headers['x-service-idempotency-key'], 'key-1');
    }, config);
    await withServer(on401Then200(), async (s, http) => {
      const e = await bankFailure(http.request('POST', '/v2/clients', { body: { kind: 'company', name: 'A' } }));
      assert.equal(e.status, 401);
      assert.equal(s.requests.length, 1);
      assert.equal(calls, 2, 'the token is still refreshed for the next call');
    }, config);
  });

  test('onUnauthorized false or throwing → the 401, no replay', async () => {
    for (const onUnauthorized of [async () => false, async () => { throw new Error('vault locked'); }]) {
      await withServer(on401Then200(), async (s, http) => {
        const e = await bankFailure(http.request('GET', '/v2/organization'));
        assert.equal(e.status, 401);
        assert.equal(e.errors[0]?.detail, 'expired');
        assert.equal(s.requests.length, 1);
      }, { onUnauthorized });
    }
  });

  test('replay rule', () => {
    assert.equal(isReplayable('GET'), true);
    assert.equal(isReplayable('PATCH'), true);
    assert.equal(isReplayable('POST'), false);
    assert.equal(isReplayable('POST', { 'x-service-idempotency-key': 'k' }), true);
    assert.equal(isReplayable('POST', { 'X-Service-Idempotency-Key': ' ' }), false);
  });
});

describe('answers that are not what a JSON API sends', () => {
  test('HTML login page with 200 names the staging token', async () => {
    await withServer((_req, res) => { res.writeHead(200, { 'content-type': 'text/html' }); res.end('<!doctype html><title>Log in</title>'); }, async (_s, http) => {
      const e = await bankFailure(http.request('GET', '/v2/organization'));
      assert.equal(e.kind, 'unexpected_response');
      assert.match(e.message, /HTML page instead of JSON.*X-Service-Staging-Token/);
      assert.equal(e.retryable, false);
    });
  });

  test('302 to a login page, and a 200 that is not JSON', async () => {
    await withServer((req, res) => {
      if (req.url === '/redirect') { res.writeHead(302, { location: '/login?state=abc' }); res.end(); return; }
      res.writeHead(200, { 'content-type': 'text/plain' }); res.end('ok');
    }, async (s, http) => {
      const r = await bankFailure(http.request('GET', '/redirect'));
      assert.equal(r.kind, 'unexpected_response');
      assert.match(r.message, new RegExp(`redirected to ${s.url}/login \\(HTTP 302\\)`));
      const t = await bankFailure(http.request('GET', '/text'));
      assert.match(t.message, /not JSON \(text\/plain\)/);
    });
  });
});

describe('HTTP errors', () => {
  test('provider errors[], trace id from the body or X-Tyk-Trace-Id', async () => {
    await withServer((req, res) => req.url === '/a'
      ? sendJson(res, 422, { errors: [{ code: 'invalid', detail: 'name is too long', source: { pointer: '/name' } }], trace_id: 'body-trace' }, { 'x-tyk-trace-id': 'body-trace' })
      : sendJson(res, 403, { message: 'Forbidden' }, { 'x-tyk-trace-id': 'header-trace' }), async (_s, http) => {
      const a = await bankFailure(http.request('GET', '/a'));
      assert.deepEqual([a.kind, a.status, a.traceId, a.errors[0]?.source?.pointer], ['http', 422, 'body-trace', '/name']);
      assert.match(a.message, /HTTP 422: name is too long/);
      const b = await bankFailure(http.request('GET', '/b'));
      assert.deepEqual([b.status, b.traceId, b.errors[0]?.code], [403, 'header-trace', 'forbidden']);
    });
  });

  test('429 carries retryAfterMs; 410 says the route is retired and names the successor', async () => {
    await withServer((req, res) => req.url === '/v2/clients'
      ? sendJson(res, 429, { errors: [{ code: 'rate_limited', detail: 'slow down' }] }, { 'retry-after': '3' })
      : sendJson(res, 410, { errors: [{ code: 'gone', detail: 'Gone' }] }), async (_s, http) => {
      const limited = await bankFailure(http.request('GET', '/v2/clients'));
      assert.deepEqual([limited.status, limited.retryAfterMs, limited.retryable], [429, 3000, true]);
      const gone = await bankFailure(http.request('GET', '/v1/organizations/acme'));
      assert.equal(gone.gone, true);
      assert.match(gone.message, /retired.*410 Gone.*use GET \/v2\/organization instead/);
    });
  });

  test('5xx with an HTML body is still an http error, retryable', async () => {
    await withServer((_req, res) => { res.writeHead(502, { 'content-type': 'text/html' }); res.end('<html>bad gateway</html>'); }, async (_s, http) => {
      const e = await bankFailure(http.request('GET', '/v2/organization'));
      assert.deepEqual([e.kind, e.status, e.retryable], ['http', 502, true]);
      assert.match(e.message, /HTML page/);
    });
  });

  test('deprecation headers reach onDeprecation, also on errors; a throwing handler does not break the call', async () => {
    const notices: string[] = [];
    await withServer((_req, res) => sendJson(res, 200, { organization: {} }, { sunset: 'Sun, 15 Nov 2026 00:00:00 GMT', deprecation: '@1763164800' }), async (_s, http) => {
      await http.request('GET', '/v1/organizations/acme');
      assert.deepEqual(notices, ['GET /v1/organizations/acme 2026-11-15T00:00:00.000Z']);
    }, { onDeprecation: (n) => { notices.push(`${n.route} ${n.sunset}`); throw new Error('ui gone'); } });
  });
});
