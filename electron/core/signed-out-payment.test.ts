/**
 * A payment in flight is never lost to the sign-in: when the bank ends the
 * session (refresh token expired → invalid_grant), the attempt fails to send
 * with its key kept, and goes out with that same key after the next sign-in.
 */
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { SESSION_ENDED_MESSAGE } from '../auth/index.js';
import { SANDBOX_TERMINALS } from '../sandbox/index.js';
import { advanceUntil, withApp } from './testing/app-fixture.js';

const DAY = 24 * 3_600_000;

describe('a payment across a sign-out', () => {
  test('SignedOutError from the token leaves the attempt send_failed with its key; the next sign-in sends it once', () =>
    withApp({ autoConsent: 'approve' }, async (f) => {
      await f.ok('saveEnvironmentSettings', f.bankSettings());
      await f.ok('switchEnvironment', { environment: 'sandbox' });
      await f.ok('signIn');
      // Past the refresh token's 90 days: the next token request gets invalid_grant.
      f.clock.advance(91 * DAY);

      const attempt = await f.ok('charge', { terminalId: SANDBOX_TERMINALS.fr.approve, amountMinor: 2599, currency: 'EUR', metadata: {} });
      const engine = f.app.context.engine;
      await advanceUntil(f.clock, 'the send to fail', () => engine.get(attempt.id)?.state === 'send_failed', 100);
      const failed = engine.get(attempt.id);
      assert.equal(failed?.idempotencyKey, attempt.idempotencyKey);
      assert.match(failed?.lastError?.message ?? '', /ended this register's session/);
      const state = await f.ok('getAppState');
      assert.deepEqual(state.connection, { status: 'signed_out', message: SESSION_ENDED_MESSAGE, grantedScopes: [] });

      // A session that ended is said as such, never as a network failure, and nothing is resent into it.
      assert.equal(failed?.lastError?.kind, 'session_ended');
      f.clock.advance(20_000);
      await new Promise((r) => setTimeout(r, 50));
      assert.equal(engine.get(attempt.id)?.sends, 1, 'no automatic resend into the dead session');
      assert.equal(engine.get(attempt.id)?.state, 'send_failed');

      // Nobody presses Resend: the sign-in itself sends it, still inside the 120 s deadline.
      await f.ok('signIn');
      await advanceUntil(f.clock, 'the payment to be authorized', () => engine.get(attempt.id)?.state === 'authorized');
      const done = engine.get(attempt.id);
      assert.equal(done?.idempotencyKey, attempt.idempotencyKey);
      assert.equal(done?.sends, 2);

      const res = await fetch(`${f.bank.url}/__sandbox/terminal_payments`);
      const { terminal_payments: payments } = (await res.json()) as { terminal_payments: { idempotency_key: string; amount: { value: string } }[] };
      assert.deepEqual(payments.map((p) => [p.idempotency_key, p.amount.value]), [[attempt.idempotencyKey, '25.99']]);
    }));
});
