/**
 * A terminal busy with another register's payment, both ways the real one may
 * behave: refusing the second push (the cashier can charge again) or queueing
 * it (the sale waits, past its deadline if need be, and the late outcome is
 * still recorded). Real API client, real engine, the sandbox as the bank.
 */
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import type { ChargeRequest } from '../../shared/ipc/contract.js';
import { SANDBOX_TERMINALS } from '../sandbox/index.js';
import { advanceUntil, T0, withApp, type AppFixture } from './testing/app-fixture.js';

const TERMINAL = SANDBOX_TERMINALS.fr.approve;
const sale = (amountMinor: number): ChargeRequest => ({ terminalId: TERMINAL, amountMinor, currency: 'EUR', metadata: {} });

async function signedIntoBank(f: AppFixture): Promise<void> {
  await f.ok('saveEnvironmentSettings', f.bankSettings());
  await f.ok('switchEnvironment', { environment: 'sandbox' });
  await f.ok('signIn');
}

async function behave(f: AppFixture, body: object): Promise<void> {
  const res = await fetch(`${f.bank.url}/__sandbox/terminals/${TERMINAL}/behaviour`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  assert.equal(res.status, 200, await res.text());
}

/** Another register of the shop pushes to the same terminal. */
async function otherRegisterPushes(f: AppFixture): Promise<void> {
  const { access_token } = f.bank.mintToken({ organization: 'fr', role: 'employee' });
  const res = await fetch(`${f.bank.url}/v2/terminals/${TERMINAL}/payment`, {
    method: 'POST',
    headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json', 'X-Service-Idempotency-Key': `other-${f.clock.now()}` },
    body: JSON.stringify({ amount: { value: '8.00', currency: 'EUR' } }),
  });
  assert.equal(res.status, 202);
}

const stateOf = (f: AppFixture, id: string) => f.app.context.engine.get(id)?.state;

describe('a terminal busy with another payment', () => {
  test('refuse: the sale is refused as terminal_busy at once, and charging again once it is free is authorized', () =>
    withApp({ autoConsent: 'approve' }, async (f) => {
      await signedIntoBank(f);
      await behave(f, { mode: 'approve', delay_ms: 20_000, busy: 'refuse' });
      await otherRegisterPushes(f);
      const first = await f.ok('charge', sale(1250));
      await advanceUntil(f.clock, 'the busy refusal', () => stateOf(f, first.id) === 'refused', 500, 10_000);
      assert.equal(f.app.context.engine.get(first.id)?.failureReason, 'terminal_busy');
      await advanceUntil(f.clock, 'the other payment to end', () => f.clock.now() >= T0 + 20_000, 5000, 30_000);
      const again = await f.ok('charge', sale(1250));
      await advanceUntil(f.clock, 'the second try to be authorized', () => stateOf(f, again.id) === 'authorized');
    }));

  test('queue: the sale waits behind the other payment, past its deadline, and the late authorization is recorded', () =>
    withApp({ autoConsent: 'approve' }, async (f) => {
      await signedIntoBank(f);
      await behave(f, { mode: 'approve', delay_ms: 65_000, busy: 'queue' });
      await otherRegisterPushes(f);
      const queued = await f.ok('charge', sale(990));
      await advanceUntil(f.clock, 'the deadline', () => stateOf(f, queued.id) === 'timed_out', 5000, 130_000);
      await advanceUntil(f.clock, 'the late authorization', () => stateOf(f, queued.id) === 'authorized', 5000, 60_000);
      const a = f.app.context.engine.get(queued.id)!;
      assert.equal(a.lateOutcome, true);
      assert.equal(a.authorizedAmountMinor, 990);
    }));
});
