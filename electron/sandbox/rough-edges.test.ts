/** The rough-edges flag: each of the real bank's other shapes, only where it fits, on a seeded sequence. */
import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { SANDBOX_TERMINALS, startSandbox, type Sandbox } from './index.js';
import { call, startTestSandbox, tokenFor } from './testing/test-support.js';

let sb: Sandbox;
before(async () => {
  sb = await startTestSandbox();
});
after(() => sb.close());
beforeEach(() => sb.reset());

const rough = (body: unknown) => call<{ rate: number; kinds: string[] }>(sb, '/__sandbox/rough_edges', { method: 'PUT', body });
const employee = () => tokenFor(sb, 'fr', 'employee', ['terminal.read']);

describe('rough edges, one kind at a time at rate 1', () => {
  test('error_body: a 403 comes back in each of the four other shapes, never the uniform one', async () => {
    await rough({ rate: 1, kinds: ['error_body'] });
    const token = employee();
    const seen = new Set<string>();
    for (let i = 0; i < 24; i++) {
      const res = await call<Record<string, unknown>>(sb, '/v2/cards', { token });
      assert.equal(res.status, 403);
      const b = res.body;
      const shape = 'message' in b && !('code' in b) ? 'message' : 'code' in b ? 'flat' : Array.isArray(b['errors']) ? 'items-message' : 'errors-object';
      if (shape === 'items-message') assert.ok((b['errors'] as Array<Record<string, unknown>>).every((e) => 'message' in e && !('detail' in e)));
      seen.add(shape);
    }
    assert.deepEqual([...seen].sort(), ['errors-object', 'flat', 'items-message', 'message']);
  });

  test('empty_error: an injected 500 or 429 has an empty body; other errors keep theirs', async () => {
    const faulty = await startSandbox({ faults: { rate: 1, kinds: ['500'] }, roughEdges: { rate: 1, kinds: ['empty_error'] } });
    try {
      const res = await call(faulty, '/v2/terminals', { token: tokenFor(faulty, 'fr', 'owner') });
      assert.deepEqual([res.status, res.text], [500, '']);
    } finally {
      await faulty.close();
    }
    await rough({ rate: 1, kinds: ['empty_error'] });
    assert.notEqual((await call(sb, '/v2/terminals')).text, '', 'a 401 is not a 5xx');
  });

  test('plain_404: the gateway answers an unknown path in plain text; a route’s own 404 stays JSON', async () => {
    await rough({ rate: 1, kinds: ['plain_404'] });
    const res = await call(sb, '/v2/nowhere');
    assert.deepEqual([res.status, res.text, res.headers.get('content-type')], [404, 'Not Found', 'text/plain; charset=utf-8']);
    const own = await call(sb, '/v2/terminal_payments/00000000-0000-4000-8000-000000000000', { token: tokenFor(sb, 'fr', 'owner') });
    assert.equal(own.status, 404);
    assert.match(own.headers.get('content-type') ?? '', /json/);
  });

  test('next_page: the last page loses next_page (0 on an empty list), a page with a next one keeps it', async () => {
    await rough({ rate: 1, kinds: ['next_page'] });
    const token = tokenFor(sb, 'fr', 'owner');
    const first = await call<{ meta: Record<string, unknown> }>(sb, '/v2/cards?per_page=100', { token });
    assert.equal(first.body.meta['next_page'], 2);
    const last = await call<{ meta: Record<string, unknown> }>(sb, '/v2/cards?page=2&per_page=100', { token });
    assert.equal('next_page' in last.body.meta, false);
    const empties = await Promise.all(Array.from({ length: 8 }, () => call<{ meta: Record<string, unknown> }>(sb, '/v2/cards?page=9', { token })));
    const seen = new Set(empties.map((r) => ('next_page' in r.body.meta ? String(r.body.meta['next_page']) : 'absent')));
    assert.deepEqual([...seen].sort(), ['0', 'absent']);
  });

  test('html: the sandbox login page with 200 instead of the answer, and the request does nothing', async () => {
    await rough({ rate: 1, kinds: ['html'] });
    const res = await call(sb, `/v2/terminals/${SANDBOX_TERMINALS.fr.approve}/payment`, {
      token: tokenFor(sb, 'fr', 'owner'), body: { amount: { value: '1.00', currency: 'EUR' } }, headers: { 'X-Service-Idempotency-Key': 'html-1' },
    });
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /text\/html/);
    assert.deepEqual((await call<{ terminal_payments: unknown[] }>(sb, '/__sandbox/terminal_payments')).body.terminal_payments, []);
  });
});

describe('rate, sequence and helper', () => {
  test('at rate 0.3 some answers are rough and some not, the same sequence after a reset; helpers are never rough', async () => {
    const sample = async () => {
      const token = tokenFor(sb, 'fr', 'owner');
      const tidy = (await call(sb, '/v2/terminals', { token })).text;
      await rough({ rate: 0.3 });
      const out: string[] = [];
      for (let i = 0; i < 30; i++) out.push((await call(sb, '/v2/terminals', { token })).text === tidy ? 'tidy' : 'rough');
      return out;
    };
    const a = await sample();
    assert.ok(a.includes('tidy') && a.includes('rough'), a.join(','));
    sb.reset();
    assert.deepEqual(await sample(), a);
    assert.equal((await call(sb, '/__sandbox/terminals')).status, 200);
  });

  test('PUT validates, GET reports, reset restores the option', async () => {
    for (const body of [{}, { rate: 2 }, { rate: 0.5, kinds: [] }, { rate: 0.5, kinds: ['bogus'] }]) assert.equal((await rough(body)).status, 400, JSON.stringify(body));
    assert.deepEqual((await rough({ rate: 0.5, kinds: ['html'] })).body, { rate: 0.5, kinds: ['html'], served: {} });
    sb.reset();
    assert.equal((await call<{ rate: number }>(sb, '/__sandbox/rough_edges')).body.rate, 0);
    await assert.rejects(startSandbox({ roughEdges: { rate: -1 } }), RangeError);
  });
});
