/** The whole desktop sign-in against the sandbox's real authorization server. */
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { APP_SCOPES } from '../../shared/domain/bank.js';
import { buildAuthorizationUrl, signIn } from './authorize.js';
import {
  AuthorizationDeniedError, InvalidGrantError, ListenerClosedError, ListenerTimeoutError, OAuthUnexpectedResponseError,
  PortInUseError,
} from './errors.js';
import { createTokenClient, type TokenClient } from './token-client.js';
import { sandboxBrowser } from './testing/sandbox-browser.js';
import { withSandboxAuth } from './testing/sandbox-fixture.js';

describe('sign-in against the sandbox', () => {
  test('consent form → loopback → code exchange with PKCE; the token works on the API', () =>
    withSandboxAuth({}, async ({ config, clock, dispatcher, oauthRequests, apiStatus }) => {
      const opened: string[] = [];
      const tokens = await signIn({ config, clock, openExternal: sandboxBrowser({ opened }), tokenClient: createTokenClient(config, { clock, dispatcher }) });

      const url = new URL(opened[0] ?? '');
      assert.equal(url.pathname, '/oauth2/auth');
      assert.equal(url.searchParams.get('scope'), APP_SCOPES.join(' '));
      assert.equal(url.searchParams.get('code_challenge_method'), 'S256');
      assert.equal(url.searchParams.get('redirect_uri'), config.redirectUri);
      assert.equal(url.searchParams.has('client_secret'), false);
      assert.deepEqual([...tokens.scope].sort(), [...APP_SCOPES].sort());
      assert.ok(tokens.refresh_token);
      assert.equal(tokens.expires_at, clock.now() + 3_600_000);

      const exchange = oauthRequests[0]?.form;
      assert.equal(exchange?.get('grant_type'), 'authorization_code');
      assert.match(exchange?.get('code_verifier') ?? '', /^[A-Za-z0-9_-]{64}$/);
      assert.equal(await apiStatus(tokens.access_token), 200);
    }));

  test('a wrong verifier is rejected, the right one works once, a reused code is rejected', () =>
    withSandboxAuth({ autoConsent: 'approve' }, async ({ config, clock, apiStatus }) => {
      const real = createTokenClient(config, { clock });
      let seen: { code: string; codeVerifier: string; requestedScopes: readonly string[] } | null = null;
      const spy: TokenClient = {
        ...real,
        exchangeCode: async (input) => {
          seen = input;
          const wrong = { ...input, codeVerifier: 'x'.repeat(64) };
          await assert.rejects(real.exchangeCode(wrong), InvalidGrantError);
          return real.exchangeCode(input);
        },
      };
      const tokens = await signIn({ config, clock, openExternal: sandboxBrowser(), tokenClient: spy });
      assert.equal(await apiStatus(tokens.access_token), 200);
      assert.ok(seen);
      await assert.rejects(real.exchangeCode(seen), InvalidGrantError);
      // A replayed code may be stolen: the sandbox (like Hydra) revokes what it issued.
      assert.equal(await apiStatus(tokens.access_token), 401);
    }));

  test('forged callbacks during a sign-in are refused and ignored; the real one still signs in', () =>
    withSandboxAuth({ autoConsent: 'approve' }, async ({ config, clock, dispatcher, oauthRequests, apiStatus }) => {
      const forged: number[] = [];
      const realBrowser = sandboxBrowser();
      // Any local page can reach the redirect port: a wrong state, no state, a forged "access denied".
      const openExternal = async (url: string) => {
        for (const query of ['code=stolen&state=forged-state', 'code=stolen', 'error=access_denied&state=forged-state']) {
          const res = await fetch(`${config.redirectUri}?${query}`);
          forged.push(res.status);
          await res.text();
        }
        await realBrowser(url);
      };
      const tokens = await signIn({ config, clock, openExternal, tokenClient: createTokenClient(config, { clock, dispatcher }) });
      assert.deepEqual(forged, [400, 400, 400]);
      assert.deepEqual(oauthRequests.map((r) => r.form.get('grant_type')), ['authorization_code']);
      assert.notEqual(oauthRequests[0]?.form.get('code'), 'stolen');
      assert.equal(await apiStatus(tokens.access_token), 200);
    }));

  test('with only forged callbacks the sign-in waits for its timeout and exchanges nothing', () =>
    withSandboxAuth({ autoConsent: 'approve' }, async ({ config, clock, dispatcher, oauthRequests }) => {
      const openExternal = sandboxBrowser({
        rewriteCallback: (u) => {
          u.searchParams.set('state', 'forged-state');
          return u;
        },
        after: () => clock.advance(5 * 60_000),
      });
      await assert.rejects(signIn({ config, clock, openExternal, tokenClient: createTokenClient(config, { dispatcher }) }), ListenerTimeoutError);
      assert.equal(oauthRequests.length, 0);
    }));

  test('denied consent (form and auto) ends with AuthorizationDeniedError', async () => {
    await withSandboxAuth({}, async ({ config, clock }) => {
      const err = await signIn({ config, clock, openExternal: sandboxBrowser({ decision: 'deny' }) }).then(() => null, (e: unknown) => e);
      assert.ok(err instanceof AuthorizationDeniedError);
      assert.equal(err.error, 'access_denied');
    });
    await withSandboxAuth({ autoConsent: 'deny' }, async ({ config, clock }) => {
      await assert.rejects(signIn({ config, clock, openExternal: sandboxBrowser() }), AuthorizationDeniedError);
    });
  });

  test('the listener times out by the injected clock when the browser never comes back', () =>
    withSandboxAuth({}, async ({ config, clock }) => {
      const started = clock.now();
      await assert.rejects(signIn({ config, clock, openExternal: () => clock.advance(5 * 60_000) }), ListenerTimeoutError);
      assert.equal(clock.now() - started, 5 * 60_000);
    }));

  test('a taken redirect port fails before the browser opens', () =>
    withSandboxAuth({}, async ({ config, clock }) => {
      const port = Number(new URL(config.redirectUri).port);
      const blocker = createServer();
      await new Promise<void>((r) => blocker.listen(port, '127.0.0.1', r));
      try {
        let opened = false;
        const err = await signIn({ config, clock, openExternal: () => void (opened = true) }).then(() => null, (e: unknown) => e);
        assert.ok(err instanceof PortInUseError);
        assert.equal(err.port, port);
        assert.equal(opened, false);
      } finally {
        await new Promise((r) => blocker.close(r));
      }
    }));

  test('aborting the sign-in closes the listener', () =>
    withSandboxAuth({}, async ({ config, clock }) => {
      const controller = new AbortController();
      await assert.rejects(signIn({ config, clock, signal: controller.signal, openExternal: () => controller.abort() }), ListenerClosedError);
    }));

  test('the staging token is sent on the token call; without it the sandbox answers HTML and the error says so', async () => {
    await withSandboxAuth({ autoConsent: 'approve', stagingToken: 'stage-123' }, async ({ config, clock, apiStatus }) => {
      const tokens = await signIn({ config, clock, openExternal: sandboxBrowser() });
      assert.equal(await apiStatus(tokens.access_token), 200);
      const err = await signIn({ config: { ...config, stagingToken: null }, clock, openExternal: sandboxBrowser() }).then(() => null, (e: unknown) => e);
      assert.ok(err instanceof OAuthUnexpectedResponseError);
      assert.match(err.message, /staging token/);
    });
  });

  test('the authorization URL carries every parameter the bank expects', () => {
    const url = new URL(buildAuthorizationUrl({
      oauthBaseUrl: 'https://oauth.bank.example/', clientId: 'cid', redirectUri: 'http://127.0.0.1:53682/callback',
      scopes: ['a.read', 'offline_access'], state: 's', codeChallenge: 'c', organizationId: 'org-1',
    }));
    assert.equal(url.origin + url.pathname, 'https://oauth.bank.example/oauth2/auth');
    assert.deepEqual(Object.fromEntries(url.searchParams), {
      client_id: 'cid', redirect_uri: 'http://127.0.0.1:53682/callback', response_type: 'code', scope: 'a.read offline_access',
      state: 's', code_challenge: 'c', code_challenge_method: 'S256', organization_id: 'org-1',
    });
  });
});
