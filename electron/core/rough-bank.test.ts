/**
 * The whole app (IPC → engine → real API client) against a bank answering
 * half its requests in its rough shapes: bare error bodies, empty 5xx,
 * next_page missing, the HTML login page. A sale still ends authorized with
 * exactly one payment at the bank, and the terminal list stays whole.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SANDBOX_TERMINALS } from '../sandbox/index.js';
import { advanceUntil, withApp } from './testing/app-fixture.js';

test('a sale through a rough bank: authorized once, terminals listed whole', () =>
  withApp({ autoConsent: 'approve' }, async (f) => {
    await f.ok('saveEnvironmentSettings', f.bankSettings());
    await f.ok('switchEnvironment', { environment: 'sandbox' });
    await f.ok('signIn');
    const tidy = (await f.ok('listTerminals')).terminals.map((t) => t.id).sort();
    const put = await fetch(`${f.bank.url}/__sandbox/rough_edges`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ rate: 0.5 }) });
    assert.equal(put.status, 200);

    let listed = 0;
    for (let i = 0; i < 6; i++) {
      const res = await f.call('listTerminals');
      if (res.ok) {
        listed++;
        assert.deepEqual(res.value.terminals.map((t) => t.id).sort(), tidy);
      } else {
        assert.ok(res.error.message.length > 0 && !/\[object|undefined/.test(res.error.message), res.error.message);
      }
    }
    assert.ok(listed > 0, 'some listings went through');

    const attempt = await f.ok('charge', { terminalId: SANDBOX_TERMINALS.fr.approve, amountMinor: 1999, currency: 'EUR', metadata: { order: 'rough-1' } });
    await advanceUntil(f.clock, 'the sale to be authorized', () => f.app.context.engine.get(attempt.id)?.state === 'authorized', 1000, 240_000);
    const payments = (await (await fetch(`${f.bank.url}/__sandbox/terminal_payments`)).json()) as { terminal_payments: Array<{ idempotency_key: string; status: string }> };
    assert.deepEqual(payments.terminal_payments.filter((p) => p.idempotency_key === attempt.idempotencyKey).map((p) => p.status), ['AUTHORIZED']);
    const { served } = (await (await fetch(`${f.bank.url}/__sandbox/rough_edges`)).json()) as { served: Record<string, number> };
    assert.ok((served['next_page'] ?? 0) > 0 && (served['html'] ?? 0) > 0, `the app met the rough edges: ${JSON.stringify(served)}`);
  }));
