import { test, describe, after } from 'node:test';
import assert from 'node:assert/strict';
import { SANDBOX_TERMINALS } from '../sandbox/index.js';
import { contractEnv, type ContractEnv } from './testing/contract-support.js';
import { rejection } from './testing/test-rejection.js';
import { BankApiError } from './errors.js';
import { memoryLogger } from '../log.js';

const envs: ContractEnv[] = [];
const open = async (options: Parameters<typeof contractEnv>[0]) => {
  const env = await contractEnv(options);
  envs.push(env);
  return env;
};
after(() => Promise.all(envs.map((e) => e.close())));

const owner = { organization: 'fr', role: 'owner' } as const;
type SandboxPayments = { terminal_payments: Array<{ id: string; idempotency_key: string }> };

describe('rate limit', () => {
  test('429 carries Retry-After as retryAfterMs and is retryable; the window passes on the sandbox clock', async () => {
    const env = await open({ rateLimit: { max: 2, windowMs: 10_000 } });
    const api = env.api(owner);
    await api.terminals.listAll();
    await api.organization.get();
    const e = await rejection(api.organization.get());
    assert.ok(e instanceof BankApiError, String(e));
    assert.deepEqual([e.kind, e.status, e.retryable], ['http', 429, true]);
    assert.ok(e.retryAfterMs !== undefined && e.retryAfterMs > 0 && e.retryAfterMs <= 10_000, `retryAfterMs ${e.retryAfterMs}`);
    env.clock.advance(e.retryAfterMs);
    assert.ok((await api.organization.get()).id);
  });
});

describe('staging token', () => {
  test('sent when configured; missing or wrong → the HTML login page is reported as such', async () => {
    const env = await open({ stagingToken: 'stg-0123456789abcdef' });
    const logger = memoryLogger();
    assert.ok((await env.api(owner, { stagingToken: 'stg-0123456789abcdef', logger }).organization.get()).id);
    assert.ok(!logger.lines.join('\n').includes('stg-0123456789abcdef'), 'the staging token is never logged');
    for (const stagingToken of [null, 'stg-wrong-value']) {
      const e = await rejection(env.api(owner, { stagingToken }).organization.get());
      assert.ok(e instanceof BankApiError, String(e));
      assert.equal(e.kind, 'unexpected_response');
      assert.match(e.message, /HTML page instead of JSON.*X-Service-Staging-Token/);
    }
  });
});

describe('401 → onUnauthorized → one replay', () => {
  /** A token that has expired on the sandbox clock, then a fresh one once onUnauthorized ran. */
  function expiringAuth(env: ContractEnv) {
    const state = { token: env.sb.mintToken(owner).access_token, refreshes: 0, sends: 0 };
    env.clock.advance(3_601_000);
    return {
      state,
      config: {
        getAccessToken: async () => (state.sends++, state.token),
        onUnauthorized: async () => {
          state.refreshes++;
          state.token = env.sb.mintToken(owner).access_token;
          return true;
        },
      },
    };
  }

  test('GET and the idempotent payment POST are replayed once with the fresh token', async () => {
    const env = await open({});
    const { state, config } = expiringAuth(env);
    const api = env.api(owner, config);
    assert.ok((await api.organization.get()).id);
    assert.deepEqual([state.sends, state.refreshes], [2, 1]);
    state.token = 'ory_at_revoked-or-unknown';
    const p = await api.terminals.createPayment(SANDBOX_TERMINALS.fr.approve, { amountMinor: 990, currency: 'EUR' }, 'key-401');
    assert.deepEqual([state.sends, state.refreshes], [4, 2]);
    const { terminal_payments: all } = await env.helper<SandboxPayments>('GET', '/terminal_payments');
    assert.deepEqual(all.map((x) => x.id), [p.id]);
  });

  test('POST /v2/clients is never replayed, but the token is refreshed for the next call', async () => {
    const env = await open({});
    const { state, config } = expiringAuth(env);
    const api = env.api(owner, config);
    const e = await rejection(api.clients.create({ kind: 'company', name: 'Once Only' }));
    assert.ok(e instanceof BankApiError && e.status === 401, String(e));
    assert.deepEqual([state.sends, state.refreshes], [1, 1]);
    assert.equal((await api.clients.create({ kind: 'company', name: 'Once Only' })).name, 'Once Only');
  });

  test('without onUnauthorized the 401 surfaces at once', async () => {
    const env = await open({});
    const token = env.sb.mintToken(owner).access_token;
    env.clock.advance(3_601_000);
    const e = await rejection(env.api(owner, { getAccessToken: async () => token }).terminals.listAll());
    assert.ok(e instanceof BankApiError && e.status === 401 && !e.retryable, String(e));
  });
});

describe('injected faults', () => {
  test('a lost answer (reset) resent with the same key makes exactly one payment', async () => {
    const env = await open({ faults: { rate: 0.5, kinds: ['reset'] } });
    const api = env.api(owner);
    const kinds: string[] = [];
    let accepted: { id: string } | null = null;
    for (let i = 0; i < 30 && !accepted; i++) {
      try {
        accepted = await api.terminals.createPayment(SANDBOX_TERMINALS.fr.approve, { amountMinor: 4200, currency: 'EUR' }, 'key-reset');
      } catch (e) {
        assert.ok(e instanceof BankApiError && e.retryable, String(e));
        kinds.push(e.kind);
      }
    }
    assert.ok(accepted, 'a resend eventually got through');
    assert.ok(kinds.length > 0 && kinds.every((k) => k === 'reset'), `faults seen: ${kinds.join(',')}`);
    const { terminal_payments: all } = await env.helper<SandboxPayments>('GET', '/terminal_payments');
    assert.deepEqual(all.map((p) => [p.id, p.idempotency_key]), [[accepted.id, 'key-reset']]);
  });

  test('an injected 500 is an http error, retryable, with the trace id', async () => {
    const env = await open({ faults: { rate: 1, kinds: ['500'] } });
    const e = await rejection(env.api(owner).organization.get());
    assert.ok(e instanceof BankApiError, String(e));
    assert.deepEqual([e.kind, e.status, e.retryable], ['http', 500, true]);
    assert.ok(e.traceId);
  });
});
