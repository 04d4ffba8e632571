/**
 * Connecting a real bank account through the app core: settings with write-only
 * secrets, sign-in against the sandbox's real OAuth server (the browser played
 * by fetch), scopes, refresh, sign-out, and no secret anywhere on disk or in the log.
 */
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { APP_SCOPES } from '../../shared/domain/bank.js';
import type { IpcResult } from '../../shared/ipc/types.js';
import { SANDBOX_ORGS, SANDBOX_TERMINALS } from '../sandbox/index.js';
import { dispatch } from './dispatch.js';
import { CLIENT_SECRET, STAGING_TOKEN, advanceUntil, readTree, withApp, type AppFixture } from './testing/app-fixture.js';

const codeOf = (r: IpcResult<unknown>) => (r.ok ? 'ok' : r.error.code);

async function connectSandbox(f: AppFixture): Promise<void> {
  await f.ok('saveEnvironmentSettings', f.bankSettings({ stagingToken: STAGING_TOKEN }));
  await f.ok('switchEnvironment', { environment: 'sandbox' });
  await f.ok('signIn');
}

async function apiStatus(f: AppFixture, accessToken: string): Promise<number> {
  const res = await fetch(`${f.bank.url}/v2/organization`, {
    headers: { authorization: `Bearer ${accessToken}`, 'X-Service-Staging-Token': STAGING_TOKEN },
  });
  await res.text();
  return res.status;
}

describe('connecting the bank sandbox', () => {
  test('settings are validated and secrets are write-only: the view says only that they are stored', () =>
    withApp({}, async (f) => {
      const noSecret = await f.call('saveEnvironmentSettings', { ...f.bankSettings(), clientSecret: undefined });
      assert.equal(codeOf(noSecret), 'invalid_request');
      const httpProd = await f.call('saveEnvironmentSettings', { ...f.bankSettings(), environment: 'production' });
      assert.match(httpProd.ok ? '' : httpProd.error.message, /https:\/\/ in production/);
      const prodStaging = await f.call('saveEnvironmentSettings', {
        ...f.bankSettings(), environment: 'production', apiBaseUrl: 'https://api.bank.example', oauthBaseUrl: 'https://oauth.bank.example', stagingToken: 'x',
      });
      assert.equal(codeOf(prodStaging), 'invalid_request');
      const spaced = await f.call('saveEnvironmentSettings', f.bankSettings({ clientSecret: 'has a space' }));
      assert.equal(codeOf(spaced), 'invalid_request');

      const view = await f.ok('saveEnvironmentSettings', f.bankSettings({ stagingToken: STAGING_TOKEN }));
      assert.deepEqual(view.environments.sandbox, {
        settings: { apiBaseUrl: f.bank.url, oauthBaseUrl: f.bank.url, clientId: 'counterpay-core-test', redirectPort: f.redirectPort },
        redirectUri: `http://127.0.0.1:${f.redirectPort}/callback`,
        hasClientSecret: true, hasStagingToken: true, signedIn: false,
      });
      const text = JSON.stringify(await f.ok('getSettings'));
      assert.ok(!text.includes(CLIENT_SECRET) && !text.includes(STAGING_TOKEN));
      // Saving again without the secrets keeps them.
      const kept = await f.ok('saveEnvironmentSettings', { ...f.bankSettings(), clientSecret: undefined });
      assert.equal(kept.environments.sandbox.hasClientSecret, true);
      assert.equal(kept.environments.sandbox.hasStagingToken, true);
      const removed = await f.ok('saveEnvironmentSettings', f.bankSettings({ stagingToken: null }));
      assert.equal(removed.environments.sandbox.hasStagingToken, false);
    }));

  test('sign-in in the system browser: PKCE S256, every scope, the organization on screen, the API works', () =>
    withApp({ stagingToken: STAGING_TOKEN }, async (f) => {
      const training = await f.call('signIn');
      assert.equal(codeOf(training), 'conflict');
      await connectSandbox(f);
      const url = new URL(f.browser.opened?.[0] ?? '');
      assert.equal(url.searchParams.get('code_challenge_method'), 'S256');
      assert.equal(url.searchParams.get('redirect_uri'), `http://127.0.0.1:${f.redirectPort}/callback`);
      assert.equal(url.searchParams.get('scope'), APP_SCOPES.join(' '));
      assert.equal(url.searchParams.has('client_secret'), false);

      const state = await f.ok('getAppState');
      assert.equal(state.connection.status, 'connected');
      assert.deepEqual([...state.connection.grantedScopes].sort(), [...APP_SCOPES].sort());
      assert.equal(state.organization?.name, SANDBOX_ORGS.fr.name);
      assert.ok((await f.ok('listTerminals')).terminals.length > 0);
      assert.equal((await f.ok('getSettings')).environments.sandbox.signedIn, true);
    }));

  test('a consent the manager denies leaves the register signed out, with the reason', () =>
    withApp({}, async (f) => {
      f.browser.decision = 'deny';
      await f.ok('saveEnvironmentSettings', f.bankSettings());
      await f.ok('switchEnvironment', { environment: 'sandbox' });
      const denied = await f.call('signIn');
      assert.equal(codeOf(denied), 'forbidden');
      assert.match(denied.ok ? '' : denied.error.message, /denied/);
      assert.equal((await f.ok('getAppState')).connection.status, 'signed_out');
      assert.equal((await f.ok('getSettings')).signInPending, false);
    }));

  test('a scope the bank did not grant makes its feature say why it is unavailable', () =>
    withApp({}, async (f) => {
      await f.ok('saveEnvironmentSettings', f.bankSettings());
      const scopes = ['organization.read', 'terminal.read', 'terminal.write', 'offline_access'];
      const minted = f.bank.mintToken({ organization: 'fr', role: 'owner', scopes });
      await (await f.vault()).saveTokens('sandbox', {
        access_token: minted.access_token, refresh_token: null, expires_at: f.clock.now() + 3_600_000, scope: scopes,
      });
      await f.app.close();
      const app = await f.reopen();
      await dispatch(app, 'switchEnvironment', { environment: 'sandbox' });
      const cards = await dispatch(app, 'listCards', {});
      assert.equal(codeOf(cards), 'forbidden');
      assert.deepEqual(cards.ok ? null : [cards.error.reason, cards.error.params], ['bank.scope_missing', { feature: 'Cards', scope: 'card.read' }]);
      assert.equal(codeOf(await dispatch(app, 'listTerminals', undefined)), 'ok');
    }));

  test('refresh, sign-out with revocation, and no token or secret on disk or in the log after the session', () =>
    withApp({ stagingToken: STAGING_TOKEN }, async (f) => {
      await connectSandbox(f);
      const secrets = new Set<string>([CLIENT_SECRET, STAGING_TOKEN]);
      const collect = async () => {
        const t = (await f.vault()).getTokens('sandbox');
        for (const s of [t?.access_token, t?.refresh_token]) if (s) secrets.add(s);
        return t;
      };
      const first = await collect();
      f.clock.advance(3_600_000);
      await f.ok('listTerminals');
      const second = await collect();
      assert.ok(first && second && second.access_token !== first.access_token, 'the token was refreshed and the rotated pair saved');
      assert.equal(await apiStatus(f, second.access_token), 200);

      const view = await f.ok('signOut');
      assert.equal(view.connection.status, 'signed_out');
      assert.equal(view.environments.sandbox.signedIn, false);
      assert.equal(view.environments.sandbox.hasClientSecret, true, 'the client secret stays for the next sign-in');
      assert.equal(await apiStatus(f, second.access_token), 401, 'revoked at the bank');
      assert.equal((await f.vault()).getTokens('sandbox'), null);
      assert.equal((await f.ok('getAppState')).organization, null);

      assert.equal(secrets.size, 6);
      const disk = await readTree(f.dataDir);
      const log = f.logger.lines.join('\n');
      assert.ok(log.length > 0);
      for (const s of secrets) {
        assert.ok(!disk.includes(s), 'a secret was found in the data folder');
        assert.ok(!log.includes(s), 'a secret was found in the log');
      }
    }));

  test('sign-out is refused while a payment is open at the counter: its outcome could no longer be read', () =>
    withApp({ stagingToken: STAGING_TOKEN, autoConsent: 'approve' }, async (f) => {
      await connectSandbox(f);
      const open = await f.ok('charge', { terminalId: SANDBOX_TERMINALS.fr.offline, amountMinor: 1500, currency: 'EUR', metadata: {} });
      await advanceUntil(f.clock, 'the 202', () => f.app.context.engine.get(open.id)?.state === 'accepted');
      const refused = await f.call('signOut');
      assert.equal(codeOf(refused), 'conflict');
      assert.equal(refused.ok ? '' : refused.error.reason, 'environment.payment_open');
      assert.equal((await f.ok('getAppState')).connection.status, 'connected');
      await f.ok('abandon', { attemptId: open.id });
      assert.equal((await f.ok('signOut')).connection.status, 'signed_out');
    }));
});
