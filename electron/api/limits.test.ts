import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Agent } from 'undici';
import { BankApiError } from './errors.js';
import { createHttp, MAX_RESPONSE_BYTES } from './http.js';
import { normalizeMetadata } from './payment-response.js';
import { startTestServer } from './testing/test-server.js';
import { deepJsonText, hugeJsonText, longestTimerGap, FREE_LOOP_MS } from '../../shared/testing/hostile-json.js';

/** Serves `body` as JSON with `status`, and runs one GET through a real client against it. */
async function fetchFrom(status: number, body: string, dispatcher?: Agent): Promise<{ result: unknown; gap: number }> {
  const s = await startTestServer((_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(body);
  });
  const http = createHttp({ baseUrl: s.url, getAccessToken: async () => 'token', ...(dispatcher ? { dispatcher } : {}) });
  let result: unknown;
  try {
    const gap = await longestTimerGap(async () => {
      result = await http.request('GET', '/v2/terminal_payments').then((r) => r.body, (e: unknown) => e);
    });
    return { result, gap };
  } finally {
    await http.close();
    await s.close();
  }
}

function assertRefused(result: unknown, pattern: RegExp): asserts result is BankApiError {
  assert.ok(result instanceof BankApiError, String(result));
  assert.equal(result.kind, 'unexpected_response');
  assert.equal(result.retryable, false);
  assert.match(result.message, pattern);
}

test('a 6 000-deep answer becomes a BankApiError naming the depth, before any unwrap', async () => {
  const { result, gap } = await fetchFrom(200, deepJsonText());
  assertRefused(result, /^GET \/v2\/terminal_payments: the bank answered HTTP 200 with JSON we refuse to read, too deep: .*nested more than 32 levels deep$/);
  assert.ok(gap < FREE_LOOP_MS, `longest timer gap ${gap.toFixed(0)} ms`);
});

test('a 6 000-deep error body is an HTTP error without details, not a crash', async () => {
  const { result } = await fetchFrom(500, JSON.stringify({ errors: [{ detail: JSON.parse(deepJsonText(40)) as unknown }] }));
  assert.ok(result instanceof BankApiError && result.kind === 'http' && result.status === 500, String(result));
  assert.match(result.message, /failed with HTTP 500: no error details$/);
});

test('a multi-MB answer is cut off while reading, whichever dispatcher carries it', async () => {
  const huge = hugeJsonText(6);
  assert.ok(huge.length > MAX_RESPONSE_BYTES);
  for (const dispatcher of [undefined, new Agent()]) {
    const { result, gap } = await fetchFrom(200, huge, dispatcher);
    assertRefused(result, /answer (is|was) larger than/);
    assert.ok(gap < FREE_LOOP_MS, `longest timer gap ${gap.toFixed(0)} ms`);
    await dispatcher?.close();
  }
});

test('the largest real page still reads: 100 payments, each with a full 1 KiB metadata nested 16 deep', async () => {
  let nested: unknown = { note: 'n'.repeat(900) };
  for (let i = 0; i < 15; i++) nested = { k: nested };
  const item = (i: number) => ({
    id: `tp_${i}`, amount: '42.00', currency: 'EUR', status: 'AUTHORIZED', terminal_id: 'term_1', created_at: '2026-04-01T12:00:00Z',
    metadata: nested,
  });
  const page = { terminal_payments: Array.from({ length: 100 }, (_, i) => item(i)), meta: { next_page: null } };
  const { result } = await fetchFrom(200, JSON.stringify(page));
  assert.deepEqual(result, page);
});

test('metadata sent as a JSON string that encodes a 6 000-deep value is dropped, not unwrapped', () => {
  assert.equal(normalizeMetadata(`{"m":${deepJsonText()}}`), null);
  assert.deepEqual(normalizeMetadata('{"order_id":"x","nested":{"a":[1]}}'), { order_id: 'x', nested: { a: [1] } });
});

test('an answer longer than the length it declares is read only up to that length', async () => {
  const { createServer } = await import('node:net');
  const declared = '{"id":"tp_1"}';
  const server = createServer((socket) => {
    socket.on('error', () => undefined);
    socket.once('data', () => {
      socket.write(`HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: ${declared.length}\r\n\r\n${declared}`);
      // The rest never becomes part of the body: the client stops where the length said.
      socket.end(Buffer.alloc(MAX_RESPONSE_BYTES + 1024, 0x78));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const http = createHttp({ baseUrl: `http://127.0.0.1:${port}`, getAccessToken: async () => 'token' });
  try {
    const res = await http.request('GET', '/v2/terminal_payments/tp_1');
    assert.deepEqual(res.body, { id: 'tp_1' });
  } finally {
    await http.close().catch(() => undefined);
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});
