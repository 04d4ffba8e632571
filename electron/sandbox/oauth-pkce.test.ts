/** PKCE is optional for a client registered without it (the provider's own example has none), required for one registered with it. */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { SANDBOX_OAUTH_CLIENT, type Sandbox } from './index.js';
import { callbackParams, pkcePair, REDIRECT_URI, type TokenReply } from './testing/oauth-test-support.js';
import { call, startTestSandbox } from './testing/test-support.js';

const PLAIN = { clientId: 'example-app', clientSecret: 'example-app-secret-0123', redirectUris: ['http://127.0.0.1:53999/callback'] };
let sb: Sandbox;
before(async () => {
  sb = await startTestSandbox({ autoConsent: 'approve', oauthClients: [{ ...SANDBOX_OAUTH_CLIENT, redirectUris: [...SANDBOX_OAUTH_CLIENT.redirectUris] }, PLAIN] });
});
after(() => sb.close());

async function authorize(client: { clientId: string }, redirectUri: string, pkce: Record<string, string>): Promise<URLSearchParams> {
  const q = new URLSearchParams({ client_id: client.clientId, redirect_uri: redirectUri, response_type: 'code', scope: 'organization.read offline_access', state: 's-1', ...pkce });
  const res = await call(sb, `/oauth2/auth?${q}`);
  assert.equal(res.status, 302);
  return callbackParams(res.headers.get('location'));
}

const exchange = (client: { clientId: string; clientSecret: string }, redirectUri: string, code: string, extra: Record<string, string> = {}) =>
  call<TokenReply>(sb, '/oauth2/token', {
    body: new URLSearchParams({ grant_type: 'authorization_code', client_id: client.clientId, client_secret: client.clientSecret, code, redirect_uri: redirectUri, ...extra }),
  });

describe('PKCE', () => {
  test('a client registered without PKCE signs in as in the provider example: no challenge, no verifier', async () => {
    const back = await authorize(PLAIN, PLAIN.redirectUris[0]!, {});
    const res = await exchange(PLAIN, PLAIN.redirectUris[0]!, back.get('code')!);
    assert.equal(res.status, 200, res.text);
    assert.match(res.body.access_token, /^ory_at_/);
  });

  test('the same client sending a challenge must prove it at the token call', async () => {
    const { verifier, challenge } = pkcePair();
    const back = await authorize(PLAIN, PLAIN.redirectUris[0]!, { code_challenge: challenge, code_challenge_method: 'S256' });
    const code = back.get('code')!;
    assert.equal((await exchange(PLAIN, PLAIN.redirectUris[0]!, code)).body.error, 'invalid_request');
    assert.equal((await exchange(PLAIN, PLAIN.redirectUris[0]!, code, { code_verifier: pkcePair().verifier })).body.error, 'invalid_grant');
    assert.equal((await exchange(PLAIN, PLAIN.redirectUris[0]!, code, { code_verifier: verifier })).status, 200);
    const plainMethod = await authorize(PLAIN, PLAIN.redirectUris[0]!, { code_challenge: challenge, code_challenge_method: 'plain' });
    assert.equal(plainMethod.get('error'), 'invalid_request');
  });

  test('Counterpay’s client is registered with PKCE: an authorization without it is refused', async () => {
    const back = await authorize(SANDBOX_OAUTH_CLIENT, REDIRECT_URI, {});
    assert.equal(back.get('error'), 'invalid_request');
    assert.match(back.get('error_description') ?? '', /registered with PKCE/);
  });
});
