import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Sandbox, SandboxOptions } from './index.js';
import { SANDBOX_TERMINALS } from './index.js';
import { call, startTestSandbox, tokenFor, type ErrorBody } from './testing/test-support.js';
import { authorizeQuery, tokenRequest } from './testing/oauth-test-support.js';

async function withSandbox(options: SandboxOptions, fn: (sb: Sandbox) => Promise<void>): Promise<void> {
  const sb = await startTestSandbox(options);
  try {
    await fn(sb);
  } finally {
    await sb.close();
  }
}

describe('staging token', () => {
  test('API and token endpoint without it: the 200 HTML login page; with it: JSON', () =>
    withSandbox({ stagingToken: 'stg-secret' }, async (sb) => {
      const token = tokenFor(sb, 'fr', 'owner');
      const variants: Array<Record<string, string>> = [{}, { 'X-Service-Staging-Token': 'wrong' }];
      for (const headers of variants) {
        const res = await call(sb, '/v2/organization', { token, headers });
        assert.equal(res.status, 200);
        assert.match(res.headers.get('content-type')!, /text\/html/);
        assert.match(res.text, /Sign in/);
        const oauth = await tokenRequest(sb, { grant_type: 'refresh_token', refresh_token: 'x' }, headers);
        assert.match(oauth.headers.get('content-type')!, /text\/html/);
      }
      const ok = await call(sb, '/v2/organization', { token, headers: { 'X-Service-Staging-Token': 'stg-secret' } });
      assert.equal(ok.status, 200);
      assert.match(ok.headers.get('content-type')!, /application\/json/);
      const oauth = await tokenRequest(sb, { grant_type: 'refresh_token', refresh_token: 'x' }, { 'X-Service-Staging-Token': 'stg-secret' });
      assert.equal(oauth.body.error, 'invalid_grant');
    }));

  test('browser pages and test helpers are not gated', () =>
    withSandbox({ stagingToken: 'stg-secret' }, async (sb) => {
      assert.match((await call(sb, authorizeQuery())).text, /consent_id/);
      assert.equal((await call(sb, '/__sandbox/terminals')).status, 200);
    }));
});

describe('fault injection (API routes only)', () => {
  test('500 with the provider error body', () =>
    withSandbox({ faults: { rate: 1, kinds: ['500'] } }, async (sb) => {
      const res = await call<ErrorBody>(sb, '/v2/organization', { token: tokenFor(sb, 'fr', 'owner') });
      assert.equal(res.status, 500);
      assert.equal(res.headers.get('x-tyk-trace-id'), res.body.trace_id);
      assert.equal((await call(sb, '/__sandbox/terminals')).status, 200);
      assert.equal((await call(sb, authorizeQuery())).status, 200);
    }));

  test('429 with Retry-After', () =>
    withSandbox({ faults: { rate: 1, kinds: ['429'] } }, async (sb) => {
      const res = await call(sb, '/v2/terminals', { token: tokenFor(sb, 'fr', 'owner') });
      assert.equal(res.status, 429);
      assert.equal(res.headers.get('retry-after'), '1');
    }));

  test('reset: the request takes effect, then the connection drops without an answer', () =>
    withSandbox({ faults: { rate: 1, kinds: ['reset'] } }, async (sb) => {
      const push = call(sb, `/v2/terminals/${SANDBOX_TERMINALS.fr.approve}/payment`, {
        token: tokenFor(sb, 'fr', 'owner'),
        body: { amount: { value: '4.20', currency: 'EUR' } },
        headers: { 'X-Service-Idempotency-Key': 'lost-answer' },
      });
      await assert.rejects(push, TypeError);
      const { body } = await call<{ terminal_payments: Array<{ idempotency_key: string }> }>(sb, '/__sandbox/terminal_payments');
      assert.deepEqual(body.terminal_payments.map((p) => p.idempotency_key), ['lost-answer']);
    }));

  test('the fault sequence is deterministic, and reset() restarts it', () =>
    withSandbox({ faults: { rate: 0.5, kinds: ['500', '429'] } }, async (sb) => {
      const token = tokenFor(sb, 'fr', 'owner');
      const run = async () => {
        const statuses: number[] = [];
        for (let i = 0; i < 16; i++) statuses.push((await call(sb, '/v2/organization', { token })).status);
        return statuses;
      };
      const first = await run();
      assert.ok(first.includes(200) && first.some((s) => s !== 200), first.join(','));
      sb.reset();
      const token2 = tokenFor(sb, 'fr', 'owner');
      const second: number[] = [];
      for (let i = 0; i < 16; i++) second.push((await call(sb, '/v2/organization', { token: token2 })).status);
      assert.deepEqual(second, first);
    }));
});

describe('rate limit', () => {
  test('429 with Retry-After past the limit, cleared when the window passes; helpers exempt', () =>
    withSandbox({ rateLimit: { max: 3, windowMs: 10_000 } }, async (sb) => {
      const token = tokenFor(sb, 'fr', 'owner');
      for (let i = 0; i < 3; i++) assert.equal((await call(sb, '/v2/terminals', { token })).status, 200);
      sb.clock.advance(4000);
      const limited = await call<ErrorBody>(sb, '/v2/terminals', { token });
      assert.equal(limited.status, 429);
      assert.equal(limited.headers.get('retry-after'), '6');
      assert.equal((await call(sb, '/__sandbox/terminals')).status, 200);
      sb.clock.advance(6000);
      assert.equal((await call(sb, '/v2/terminals', { token })).status, 200);
    }));
});

describe('latency and options', () => {
  test('latencyMs delays every API answer', () =>
    withSandbox({ latencyMs: 120 }, async (sb) => {
      const started = performance.now();
      assert.equal((await call(sb, '/v2/terminals', { token: tokenFor(sb, 'fr', 'owner') })).status, 200);
      assert.ok(performance.now() - started >= 115);
    }));

  test('bad options fail at start', async () => {
    await assert.rejects(startTestSandbox({ faults: { rate: 2, kinds: ['500'] } }), RangeError);
    await assert.rejects(startTestSandbox({ rateLimit: { max: 0, windowMs: 1 } }), RangeError);
    await assert.rejects(startTestSandbox({ port: 70000 }), RangeError);
  });
});
