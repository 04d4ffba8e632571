import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { SANDBOX_OAUTH_CLIENT } from './index.js';
import { call, sharedSandbox, startTestSandbox } from './testing/test-support.js';
import { approvedCode, authorizeQuery, callbackParams, consent, pkcePair, REDIRECT_URI, signIn, tokenRequest } from './testing/oauth-test-support.js';

const fixture = sharedSandbox();

const api = (token: string, path = '/v2/organization') => call(fixture.sb, path, { token });
const refresh = (refreshToken: string) => tokenRequest(fixture.sb, { grant_type: 'refresh_token', refresh_token: refreshToken });

describe('authorization request', () => {
  test('consent page approve: 302 to the registered redirect_uri with code and state', async () => {
    const res = await consent(fixture.sb, authorizeQuery(), { organization: 'it', role: 'admin', decision: 'approve' });
    assert.equal(res.status, 302);
    const location = res.headers.get('location')!;
    assert.ok(location.startsWith(`${REDIRECT_URI}?`));
    const q = callbackParams(location);
    assert.match(q.get('code')!, /^ory_ac_/);
    assert.equal(q.get('state'), 'state-123');
  });

  test('deny: 302 with error=access_denied and the state', async () => {
    const q = callbackParams((await consent(fixture.sb, authorizeQuery(), { decision: 'deny' })).headers.get('location'));
    assert.deepEqual([q.get('error'), q.get('state'), q.get('code')], ['access_denied', 'state-123', null]);
  });

  test('unknown client or unregistered redirect_uri: HTML 400, never a redirect', async () => {
    const variants: Array<Record<string, string | null>> = [{ client_id: 'evil' }, { redirect_uri: 'http://127.0.0.1:53683/callback' }, { redirect_uri: `${REDIRECT_URI}/` }, { redirect_uri: null }];
    for (const overrides of variants) {
      const res = await call(fixture.sb, authorizeQuery(overrides));
      assert.equal(res.status, 400, JSON.stringify(overrides));
      assert.equal(res.headers.get('location'), null);
      assert.match(res.headers.get('content-type')!, /text\/html/);
    }
  });

  test('other request errors go back to the app as error parameters', async () => {
    const cases: Array<[Record<string, string | null>, string]> = [
      [{ response_type: 'token' }, 'unsupported_response_type'],
      [{ state: null }, 'invalid_request'],
      [{ scope: 'organization.read bank.rob' }, 'invalid_scope'],
      [{ code_challenge_method: 'plain' }, 'invalid_request'],
      [{ code_challenge: null }, 'invalid_request'],
      [{ organization_id: 'nope' }, 'invalid_request'],
    ];
    for (const [overrides, error] of cases) {
      const res = await call(fixture.sb, authorizeQuery(overrides));
      assert.equal(res.status, 302, JSON.stringify(overrides));
      assert.equal(callbackParams(res.headers.get('location')).get('error'), error);
    }
  });

  test('the consent page is a plain form without script, and escapes what it echoes', async () => {
    const page = await call<string>(fixture.sb, authorizeQuery({ scope: 'organization.read' }));
    assert.equal(page.status, 200);
    assert.doesNotMatch(page.body, /<script/i);
    assert.match(page.body, /<form method="post" action="\/oauth2\/auth\/decision">/);
    assert.match(page.body, /value="approve"/);
    assert.match(page.body, /value="deny"/);
  });
});

describe('token endpoint: authorization_code', () => {
  test('code + PKCE + secret gives bearer tokens acting for the chosen membership and scopes', async () => {
    const { tokens, status } = await signIn(fixture.sb, { role: 'employee' });
    assert.equal(status, 200);
    assert.match(tokens.access_token, /^ory_at_/);
    assert.match(tokens.refresh_token!, /^ory_rt_/);
    assert.deepEqual([tokens.token_type, tokens.expires_in, tokens.scope], ['bearer', 3600, 'offline_access organization.read terminal.read terminal.write']);
    assert.equal((await api(tokens.access_token)).status, 200);
    assert.equal((await api(tokens.access_token, '/v2/cards')).status, 403);
  });

  test('no refresh token without offline_access', async () => {
    const { tokens } = await signIn(fixture.sb, { scope: 'organization.read' });
    assert.equal(tokens.refresh_token, undefined);
  });

  test('a wrong or missing verifier is rejected without consuming the code', async () => {
    const { code, verifier } = await approvedCode(fixture.sb);
    const exchange = (extra: Record<string, string>) => tokenRequest(fixture.sb, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, ...extra });
    const wrong = await exchange({ code_verifier: pkcePair().verifier });
    assert.deepEqual([wrong.status, wrong.body.error], [400, 'invalid_grant']);
    assert.equal((await exchange({})).body.error, 'invalid_request');
    assert.equal((await exchange({ code_verifier: verifier })).status, 200);
  });

  test('redirect_uri must equal the authorized one', async () => {
    const { code, verifier } = await approvedCode(fixture.sb);
    const other = SANDBOX_OAUTH_CLIENT.redirectUris[1];
    const res = await tokenRequest(fixture.sb, { grant_type: 'authorization_code', code, redirect_uri: other, code_verifier: verifier });
    assert.deepEqual([res.status, res.body.error], [400, 'invalid_grant']);
  });

  test('code reuse is rejected and revokes what the code issued', async () => {
    const { code, verifier, tokens } = await signIn(fixture.sb);
    const again = await tokenRequest(fixture.sb, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, code_verifier: verifier });
    assert.deepEqual([again.status, again.body.error], [400, 'invalid_grant']);
    assert.equal((await api(tokens.access_token)).status, 401);
    assert.equal((await refresh(tokens.refresh_token!)).body.error, 'invalid_grant');
  });

  test('codes expire after 10 minutes', async () => {
    const { code, verifier } = await approvedCode(fixture.sb);
    fixture.sb.clock.advance(10 * 60_000);
    const res = await tokenRequest(fixture.sb, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, code_verifier: verifier });
    assert.equal(res.body.error, 'invalid_grant');
  });

  test('client authentication, content type and grant type', async () => {
    const bad = await tokenRequest(fixture.sb, { grant_type: 'authorization_code', client_secret: 'wrong' });
    assert.deepEqual([bad.status, bad.body.error], [401, 'invalid_client']);
    const json = await call<{ error: string }>(fixture.sb, '/oauth2/token', { body: { grant_type: 'refresh_token' } });
    assert.deepEqual([json.status, json.body.error], [400, 'invalid_request']);
    assert.equal((await tokenRequest(fixture.sb, { grant_type: 'client_credentials' })).body.error, 'unsupported_grant_type');
  });
});

describe('refresh and revocation', () => {
  test('rotation: a new refresh token each time, the old one usable for 60 s', async () => {
    const first = (await signIn(fixture.sb)).tokens;
    const second = (await refresh(first.refresh_token!)).body;
    assert.ok(second.refresh_token && second.refresh_token !== first.refresh_token);
    assert.equal((await api(second.access_token)).status, 200);
    fixture.sb.clock.advance(59_999);
    assert.equal((await refresh(first.refresh_token!)).status, 200);
    fixture.sb.clock.advance(1);
    const late = await refresh(first.refresh_token!);
    assert.deepEqual([late.status, late.body.error], [400, 'invalid_grant']);
    assert.equal((await refresh(second.refresh_token!)).status, 200);
  });

  test('an expired access token gets 401; the refresh token brings a working one', async () => {
    const { tokens } = await signIn(fixture.sb);
    fixture.sb.clock.advance(3600 * 1000);
    assert.equal((await api(tokens.access_token)).status, 401);
    const fresh = (await refresh(tokens.refresh_token!)).body;
    assert.equal((await api(fresh.access_token)).status, 200);
  });

  test('refresh tokens live 90 days', async () => {
    const { tokens } = await signIn(fixture.sb);
    fixture.sb.clock.advance(90 * 86_400_000);
    assert.equal((await refresh(tokens.refresh_token!)).body.error, 'invalid_grant');
  });

  test('revoke ends the whole grant; unknown tokens still 200; bad secret 401', async () => {
    const { tokens } = await signIn(fixture.sb);
    const revoke = (fields: Record<string, string>) =>
      call(fixture.sb, '/oauth2/revoke', { body: new URLSearchParams({ client_id: SANDBOX_OAUTH_CLIENT.clientId, client_secret: SANDBOX_OAUTH_CLIENT.clientSecret, ...fields }) });
    assert.equal((await revoke({ token: tokens.refresh_token!, client_secret: 'nope' })).status, 401);
    assert.equal((await api(tokens.access_token)).status, 200);
    assert.equal((await revoke({ token: tokens.refresh_token! })).status, 200);
    assert.equal((await api(tokens.access_token)).status, 401);
    assert.equal((await refresh(tokens.refresh_token!)).body.error, 'invalid_grant');
    assert.equal((await revoke({ token: 'ory_at_unknown' })).status, 200);
  });
});

describe('autoConsent', () => {
  test('approve and deny redirect at once', async () => {
    for (const mode of ['approve', 'deny'] as const) {
      const auto = await startTestSandbox({ autoConsent: mode });
      try {
        const res = await call(auto, authorizeQuery());
        assert.equal(res.status, 302);
        const q = callbackParams(res.headers.get('location'));
        assert.equal(mode === 'approve' ? q.has('code') : q.get('error') === 'access_denied', true);
      } finally {
        await auto.close();
      }
    }
  });
});
