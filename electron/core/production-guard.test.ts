/**
 * Production moves real money: it goes live only with its settings complete and a sign-in to it
 * that succeeded, which means signing in to an environment before it is the live one. The refusal
 * names what is missing; a sign-in to a standby environment leaves the live one untouched.
 */
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import type { IpcResult } from '../../shared/ipc/types.js';
import { missingForLive } from '../../shared/domain/environment-readiness.js';
import { STAGING_TOKEN, withApp } from './testing/app-fixture.js';

const refusal = (r: IpcResult<unknown>) => (r.ok ? null : { code: r.error.code, reason: r.error.reason, params: r.error.params });
const PROD = { apiBaseUrl: 'https://api.bank.example', oauthBaseUrl: 'https://oauth.bank.example' };

describe('production is switched on only when it is ready', () => {
  test('refused with nothing set, then without a sign-in: each time the reason says what is missing, and training stays live', () =>
    withApp({}, async (f) => {
      assert.deepEqual(refusal(await f.call('switchEnvironment', { environment: 'production' })),
        { code: 'conflict', reason: 'environment.production_not_ready', params: { missing: 'settings' } });
      await f.ok('saveEnvironmentSettings', { ...f.bankSettings(), environment: 'production', ...PROD });
      assert.deepEqual(refusal(await f.call('switchEnvironment', { environment: 'production' })),
        { code: 'conflict', reason: 'environment.production_not_ready', params: { missing: 'sign_in' } });
      assert.equal((await f.ok('getAppState')).environment, 'training');
    }));

  test('a bank environment can be signed in to before it goes live; the live one keeps working meanwhile', () =>
    withApp({ stagingToken: STAGING_TOKEN }, async (f) => {
      await f.ok('saveEnvironmentSettings', f.bankSettings({ stagingToken: STAGING_TOKEN }));
      const view = await f.ok('signIn', { environment: 'sandbox' });
      assert.equal(view.environment, 'training', 'signing in does not switch');
      assert.equal(view.environments.sandbox.signedIn, true);
      assert.equal((await f.ok('getAppState')).connection.status, 'connected', 'training still answers');
      // Going live then finds the sign-in already there.
      await f.ok('switchEnvironment', { environment: 'sandbox' });
      const state = await f.ok('getAppState');
      assert.equal(state.environment, 'sandbox');
      assert.equal(state.connection.status, 'connected');
      assert.ok((await f.ok('listTerminals')).terminals.length > 0);
    }));

  test('readiness: training and the sandbox never wait; production needs settings, then its secret, then a sign-in', () => {
    const settings = { apiBaseUrl: 'https://a', oauthBaseUrl: 'https://o', clientId: 'c', redirectPort: 53682 };
    assert.equal(missingForLive('training', null), null);
    assert.equal(missingForLive('sandbox', null), null);
    assert.equal(missingForLive('production', null), 'settings');
    assert.equal(missingForLive('production', { settings, hasClientSecret: false, signedIn: false }), 'client_secret');
    assert.equal(missingForLive('production', { settings, hasClientSecret: true, signedIn: false }), 'sign_in');
    assert.equal(missingForLive('production', { settings, hasClientSecret: true, signedIn: true }), null);
  });
});
