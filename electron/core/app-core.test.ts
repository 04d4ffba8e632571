/** The app core's environments: boot, switch, journals kept apart, the live environment remembered. */
import { onStop } from '../../shared/domain/stop-signal.js';
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ChargeRequest } from '../../shared/ipc/contract.js';
import { SANDBOX_ORGS, SANDBOX_TERMINALS } from '../sandbox/index.js';
import { ENVIRONMENT_CONFIG_FILE } from '../settings/environment-config.js';
import { dispatch } from './dispatch.js';
import { advanceUntil, readTree, withApp, type AppFixture } from './testing/app-fixture.js';

const T = SANDBOX_TERMINALS.fr;
const sale = (terminalId: string, amountMinor: number): ChargeRequest => ({ terminalId, amountMinor, currency: 'EUR', metadata: {} });

async function paid(f: AppFixture, attemptId: string): Promise<void> {
  await advanceUntil(f.clock, 'the payment to be authorized', () => f.app.context.engine.get(attemptId)?.state === 'authorized');
}

async function bankPayments(f: AppFixture): Promise<{ idempotency_key: string }[]> {
  const res = await fetch(`${f.bank.url}/__sandbox/terminal_payments`);
  return ((await res.json()) as { terminal_payments: { idempotency_key: string }[] }).terminal_payments;
}

describe('app core environments', () => {
  test('boots in training, connected with every scope, against the embedded sandbox', () =>
    withApp({}, async (f) => {
      const state = await f.ok('getAppState');
      assert.equal(state.environment, 'training');
      assert.equal(state.connection.status, 'connected');
      assert.equal(state.organization?.name, SANDBOX_ORGS.fr.name);
      const settings = await f.ok('getSettings');
      assert.equal(settings.environment, 'training');
      assert.equal(settings.environments.sandbox.settings, null);
      assert.deepEqual(settings.manager, { hasPin: false, unlocked: true, unlockedUntil: null, managers: [], by: null, nameFirstManager: false });
    }));

  test('a switch keeps training and bank-sandbox sales in their own journals', () =>
    withApp({ autoConsent: 'approve' }, async (f) => {
      const training = await f.ok('charge', sale(T.approve, 1250));
      await paid(f, training.id);

      await f.ok('saveEnvironmentSettings', f.bankSettings());
      const switched = await f.ok('switchEnvironment', { environment: 'sandbox' });
      assert.equal(switched.environment, 'sandbox');
      assert.equal(switched.connection.status, 'signed_out');
      assert.equal((await f.ok('getAppState')).environment, 'sandbox');
      assert.deepEqual((await f.ok('listAttempts')).attempts, [], 'no training sale in the sandbox journal');
      const refused = await f.call('charge', sale(T.approve, 990));
      assert.equal(refused.ok ? null : refused.error.code, 'signed_out');

      await f.ok('signIn');
      const real = await f.ok('charge', sale(T.approve, 990));
      await paid(f, real.id);
      assert.deepEqual((await bankPayments(f)).map((p) => p.idempotency_key), [real.idempotencyKey]);

      await f.ok('switchEnvironment', { environment: 'training' });
      assert.deepEqual((await f.ok('listAttempts')).attempts.map((a) => a.id), [training.id]);
      const trainingFiles = await readTree(join(f.dataDir, 'training', 'journal'));
      const sandboxFiles = await readTree(join(f.dataDir, 'sandbox', 'journal'));
      assert.ok(trainingFiles.includes(training.id) && !trainingFiles.includes(real.id));
      assert.ok(sandboxFiles.includes(real.id) && !sandboxFiles.includes(training.id));
    }));

  test('the live environment and its sign-in survive a restart (same OS keychain)', () =>
    withApp({ autoConsent: 'approve' }, async (f) => {
      await f.ok('saveEnvironmentSettings', f.bankSettings());
      await f.ok('switchEnvironment', { environment: 'sandbox' });
      await f.ok('signIn');
      const saved = JSON.parse(await readFile(join(f.dataDir, ENVIRONMENT_CONFIG_FILE), 'utf8')) as { active: string };
      assert.equal(saved.active, 'sandbox');

      await f.app.close();
      const again = await f.reopen();
      const state = await dispatch(again, 'getAppState', undefined);
      assert.ok(state.ok);
      const value = state.value as { environment: string; connection: { status: string }; organization: { name: string } | null };
      assert.equal(value.environment, 'sandbox');
      assert.equal(value.connection.status, 'connected');
      assert.equal(value.organization?.name, SANDBOX_ORGS.fr.name);
    }));

  test('a switch is refused while a payment is open at the counter, and allowed once it is abandoned', () =>
    withApp({}, async (f) => {
      const open = await f.ok('charge', sale(T.offline, 4200));
      const refused = await f.call('switchEnvironment', { environment: 'sandbox' });
      assert.equal(refused.ok ? null : refused.error.code, 'conflict');
      assert.equal(refused.ok ? '' : refused.error.reason, 'environment.payment_open');
      assert.equal(f.app.environment, 'training');

      await f.ok('abandon', { attemptId: open.id });
      await advanceUntil(f.clock, 'the 202', () => f.app.context.engine.get(open.id)?.state === 'accepted');
      assert.equal((await f.ok('switchEnvironment', { environment: 'sandbox' })).environment, 'sandbox');
    }));

  test('a switch waits while an abandoned payment request is still on its way to the bank', () =>
    withApp({}, async (f) => {
      // Hold the request in flight: closing the engine now would cut it and the payment id would never be known.
      const terminals = f.app.context.api.terminals;
      const real = terminals.createPayment.bind(terminals);
      let release = () => undefined as void;
      const gate = new Promise<void>((r) => (release = r));
      terminals.createPayment = (terminalId, push, key, opts = {}) => new Promise((resolve, reject) => {
        if (opts.signal) onStop(opts.signal, () => reject(new Error('request cut by the switch')));
        void gate.then(() => real(terminalId, push, key, opts).then(resolve, reject));
      });
      const open = await f.ok('charge', sale(T.approve, 4200));
      await f.ok('abandon', { attemptId: open.id });
      const refused = await f.call('switchEnvironment', { environment: 'sandbox' });
      assert.equal(refused.ok ? null : refused.error.code, 'conflict');
      assert.equal(refused.ok ? '' : refused.error.reason, 'environment.payment_sending');
      assert.equal(f.app.environment, 'training');

      release();
      await advanceUntil(f.clock, 'the bank to answer', () => f.app.context.engine.get(open.id)?.state !== 'sending');
      assert.ok(f.app.context.engine.get(open.id)?.paymentId, 'the payment id is journaled');
      assert.equal((await f.ok('switchEnvironment', { environment: 'sandbox' })).environment, 'sandbox');
    }));

  test('an unset bank environment opens signed out and says what is missing', () =>
    withApp({}, async (f) => {
      await f.ok('switchEnvironment', { environment: 'sandbox' });
      const state = await f.ok('getAppState');
      assert.equal(state.environment, 'sandbox');
      assert.equal(state.connection.status, 'signed_out');
      assert.match(state.connection.message ?? '', /not set up/);
      const signIn = await f.call('signIn');
      assert.equal(signIn.ok ? null : signIn.error.code, 'invalid_request');
      const terminals = await f.call('listTerminals');
      assert.equal(terminals.ok ? null : terminals.error.code, 'signed_out');
    }));

  test('app state changes are pushed on a switch', () =>
    withApp({}, async (f) => {
      const seen: string[] = [];
      const off = f.app.subscribe((event, payload) => {
        if (event === 'appStateChanged') seen.push((payload as { environment: string }).environment);
      });
      await f.ok('switchEnvironment', { environment: 'sandbox' });
      await f.ok('switchEnvironment', { environment: 'training' });
      off();
      assert.deepEqual(seen, ['sandbox', 'training']);
    }));
});
