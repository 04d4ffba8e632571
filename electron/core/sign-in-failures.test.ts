/**
 * A sign-in that fails says why, in a sentence naming the setting to check, and the browser page
 * never claims a success the app then refuses; Cancel ends a waiting sign-in at once. Against the
 * sandbox's real OAuth server, the browser played by fetch.
 */
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import type { IpcResult } from '../../shared/ipc/types.js';
import { translator } from '../../shared/i18n/translate.js';
import { STAGING_TOKEN, withApp, type AppFixture } from './testing/app-fixture.js';

const reasonOf = (r: IpcResult<unknown>) => (r.ok ? 'ok' : r.error.reason);
const fr = translator('fr');

async function signInToSandbox(f: AppFixture, settings: Parameters<AppFixture['bankSettings']>[0]): Promise<IpcResult<unknown>> {
  await f.ok('saveEnvironmentSettings', f.bankSettings(settings));
  await f.ok('switchEnvironment', { environment: 'sandbox' });
  f.browser.pages = [];
  return f.call('signIn');
}

describe('sign-in failures', () => {
  test('a wrong staging token: its own reason, and the browser shows the failure, never "signed in"', () =>
    withApp({ stagingToken: STAGING_TOKEN }, async (f) => {
      const res = await signInToSandbox(f, { stagingToken: 'not-the-staging-token' });
      assert.equal(reasonOf(res), 'signin.wrong_staging_token');
      const [page] = f.browser.pages ?? [];
      assert.equal(page?.status, 400);
      assert.ok(page?.body.includes(fr('signin.page.failure.title')), page?.body);
      assert.ok(!page?.body.includes(fr('signin.page.success.title')));
      assert.equal((await f.ok('getAppState')).connection.status, 'signed_out');
    }));

  test('a wrong client secret: its own reason, the failure page, still signed out', () =>
    withApp({}, async (f) => {
      const res = await signInToSandbox(f, { clientSecret: 'not-the-client-secret-0000' });
      assert.equal(reasonOf(res), 'signin.wrong_client_secret');
      assert.equal(f.browser.pages?.[0]?.status, 400);
      assert.equal((await f.ok('getSettings')).environments.sandbox.signedIn, false);
    }));

  test('Cancel ends a sign-in waiting for the browser at once, as cancelled, and the next sign-in works', () =>
    withApp({}, async (f) => {
      await f.ok('saveEnvironmentSettings', f.bankSettings());
      await f.ok('switchEnvironment', { environment: 'sandbox' });
      // The browser lands somewhere else (a redirect the bank does not know): no callback ever comes.
      f.browser.rewriteCallback = (url) => new URL(`/elsewhere${url.search}`, url);
      const pending = f.call('signIn');
      while (!(await f.ok('getSettings')).signInPending) await new Promise((r) => setTimeout(r, 10));
      const started = Date.now();
      assert.equal((await f.ok('cancelSignIn')).signInPending, false, 'the answer to Cancel no longer says waiting');
      assert.equal(reasonOf(await pending), 'signin.cancelled');
      assert.ok(Date.now() - started < 2_000, 'cancelled at once');
      assert.equal((await f.ok('getSettings')).signInPending, false);
      delete f.browser.rewriteCallback;
      await f.ok('signIn');
      assert.equal((await f.ok('getAppState')).connection.status, 'connected');
    }));
});
