import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { ManualClock } from '../../shared/clock.js';
import { memoryLogger } from '../log.js';
import { createTokenClient } from './token-client.js';
import {
  InvalidConfigError, InvalidGrantError, OAuthProtocolError, OAuthTransportError, OAuthUnexpectedResponseError,
} from './errors.js';
import { startScriptedServer, type ScriptedAnswer } from './testing/scripted-server.js';

const NOW = 1_800_000_000_000;
const TOKENS = { access_token: 'ory_at_1', refresh_token: 'ory_rt_1', token_type: 'bearer', expires_in: 3600, scope: 'offline_access' };

async function withServer(answer: ScriptedAnswer, fn: (ctx: { client: ReturnType<typeof createTokenClient>; server: Awaited<ReturnType<typeof startScriptedServer>> }) => Promise<void>, staging: string | null = 'stage-tok') {
  const server = await startScriptedServer(() => answer);
  try {
    const client = createTokenClient({
      oauthBaseUrl: server.url + '/', clientId: 'cid', clientSecret: 'csecret', redirectUri: 'http://127.0.0.1:53682/callback', stagingToken: staging,
    }, { clock: new ManualClock({ start: NOW, frozen: true }) });
    await fn({ client, server });
  } finally {
    await server.close();
  }
}

describe('token client requests', () => {
  test('code exchange sends every RFC 6749 + PKCE field, the secret and the staging header', () =>
    withServer({ status: 200, body: TOKENS }, async ({ client, server }) => {
      const set = await client.exchangeCode({ code: 'c0de', codeVerifier: 'v'.repeat(43), requestedScopes: ['offline_access'] });
      assert.equal(set.expires_at, NOW + 3_600_000);
      const req = server.requests[0];
      assert.equal(req?.path, '/oauth2/token');
      assert.equal(req?.headers['x-service-staging-token'], 'stage-tok');
      assert.match(String(req?.headers['content-type']), /application\/x-www-form-urlencoded/);
      assert.deepEqual(req?.form, {
        grant_type: 'authorization_code', client_id: 'cid', client_secret: 'csecret', code: 'c0de',
        redirect_uri: 'http://127.0.0.1:53682/callback', code_verifier: 'v'.repeat(43),
      });
    }));

  test('refresh sends the refresh grant and keeps the old scope when none is returned', () =>
    withServer({ status: 200, body: { ...TOKENS, scope: undefined, refresh_token: 'ory_rt_2' } }, async ({ client, server }) => {
      const set = await client.refresh({ refresh_token: 'ory_rt_1', scope: ['terminal.read'] });
      assert.deepEqual(set.scope, ['terminal.read']);
      assert.equal(set.refresh_token, 'ory_rt_2');
      assert.deepEqual(server.requests[0]?.form, { grant_type: 'refresh_token', client_id: 'cid', client_secret: 'csecret', refresh_token: 'ory_rt_1' });
    }, null));

  test('no staging header when none is configured', () =>
    withServer({ status: 200, body: TOKENS }, async ({ client, server }) => {
      await client.refresh({ refresh_token: 'r', scope: [] });
      assert.equal(server.requests[0]?.headers['x-service-staging-token'], undefined);
    }, null));

  test('revoke posts client credentials, token and hint', () =>
    withServer({ status: 200 }, async ({ client, server }) => {
      await client.revoke('ory_rt_1', 'refresh_token');
      assert.equal(server.requests[0]?.path, '/oauth2/revoke');
      assert.deepEqual(server.requests[0]?.form, { client_id: 'cid', client_secret: 'csecret', token: 'ory_rt_1', token_type_hint: 'refresh_token' });
    }));
});

describe('token client failures', () => {
  const refresh = (client: ReturnType<typeof createTokenClient>) => client.refresh({ refresh_token: 'r', scope: [] });

  test('invalid_grant is its own error type', () =>
    withServer({ status: 400, body: { error: 'invalid_grant', error_description: 'expired' } }, async ({ client }) => {
      const e = await refresh(client).then(() => null, (x: unknown) => x);
      assert.ok(e instanceof InvalidGrantError);
      assert.equal(e.description, 'expired');
    }));

  test('other OAuth errors keep code and status', () =>
    withServer({ status: 401, body: { error: 'invalid_client' } }, async ({ client }) => {
      const e = await refresh(client).then(() => null, (x: unknown) => x);
      assert.ok(e instanceof OAuthProtocolError && !(e instanceof InvalidGrantError));
      assert.equal(e.error, 'invalid_client');
      assert.equal(e.status, 401);
    }));

  test('an HTML page (sandbox without staging token) is named as such', () =>
    withServer({ status: 200, body: '<html>login</html>', headers: { 'content-type': 'text/html' } }, async ({ client }) => {
      await assert.rejects(refresh(client), (e: unknown) => e instanceof OAuthUnexpectedResponseError && /staging token/.test(e.message));
    }));

  test('a sign-in answer nested deeper than any token answer is refused as such, not walked', () =>
    withServer({ status: 200, body: `${'{"a":'.repeat(40)}1${'}'.repeat(40)}`, headers: { 'content-type': 'application/json' } }, async ({ client }) => {
      await assert.rejects(refresh(client), (e: unknown) => e instanceof OAuthUnexpectedResponseError && /JSON we refuse to read, too deep/.test(e.message));
    }));

  test('a redirect is not followed', () =>
    withServer({ status: 302, headers: { location: '/login' } }, async ({ client }) => {
      await assert.rejects(refresh(client), (e: unknown) => e instanceof OAuthUnexpectedResponseError && /redirect/.test(e.message));
    }));

  test('a 500 without an OAuth body is unexpected, not a sign-out', () =>
    withServer({ status: 500, body: { message: 'boom' } }, async ({ client }) => {
      await assert.rejects(refresh(client), OAuthUnexpectedResponseError);
    }));

  test('a refused connection is a transport error', async () => {
    const server = await startScriptedServer(() => ({ status: 200 }));
    await server.close();
    const client = createTokenClient({ oauthBaseUrl: server.url, clientId: 'c', clientSecret: 's', redirectUri: 'http://127.0.0.1:1/callback' });
    await assert.rejects(refresh(client), OAuthTransportError);
  });

  test('the logger learns every secret that passes through', () =>
    withServer({ status: 200, body: TOKENS }, async ({ server }) => {
      const logger = memoryLogger();
      const client = createTokenClient({ oauthBaseUrl: server.url, clientId: 'cid', clientSecret: 'csecret-long', redirectUri: 'http://127.0.0.1:53682/callback' }, { logger });
      await client.exchangeCode({ code: 'authorization-code-1', codeVerifier: 'v'.repeat(43), requestedScopes: [] });
      logger.info('dump', { all: 'csecret-long authorization-code-1 ory_at_1 ory_rt_1' });
      assert.doesNotMatch(logger.lines.join('\n'), /csecret-long|authorization-code-1/);
    }));

  test('invalid configuration is refused before any request', () => {
    const base = { oauthBaseUrl: 'https://o.example', clientId: 'c', clientSecret: 's', redirectUri: 'http://127.0.0.1:53682/callback' };
    for (const bad of [
      { redirectUri: 'https://127.0.0.1:53682/callback' }, { redirectUri: 'http://example.com:53682/callback' },
      { redirectUri: 'http://127.0.0.1/callback' }, { oauthBaseUrl: 'not a url' }, { clientSecret: '' }, { clientId: ' ' },
    ]) {
      assert.throws(() => createTokenClient({ ...base, ...bad }), InvalidConfigError, JSON.stringify(bad));
    }
  });
});
