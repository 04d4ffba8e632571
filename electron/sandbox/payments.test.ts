import { beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { TerminalPayment, TerminalPaymentAccepted } from '../../shared/domain/bank.js';
import { SANDBOX_TERMINALS } from './index.js';
import { call, sharedSandbox, tokenFor, type ErrorBody } from './testing/test-support.js';

const fixture = sharedSandbox();
let token: string;
beforeEach(() => {
  token = tokenFor(fixture.sb, 'fr', 'employee');
});

const T = SANDBOX_TERMINALS.fr;
let keyCounter = 0;
const newKey = () => `key-${++keyCounter}`;

function push(terminalId: string, body: unknown, key: string | null = newKey()) {
  return call<{ terminal_payment: TerminalPaymentAccepted } & ErrorBody>(fixture.sb, `/v2/terminals/${terminalId}/payment`, {
    token,
    body,
    headers: key === null ? {} : { 'X-Service-Idempotency-Key': key },
  });
}
const amount = (value: string) => ({ amount: { value, currency: 'EUR' } });
const getPayment = (id: string) => call<{ terminal_payment: TerminalPayment }>(fixture.sb, `/v2/terminal_payments/${id}`, { token });
const sandboxPayments = async () =>
  (await call<{ terminal_payments: Array<{ id: string; idempotency_key: string; status: string }> }>(fixture.sb, '/__sandbox/terminal_payments')).body.terminal_payments;

describe('terminal payment lifecycle (outcome computed from the sandbox clock)', () => {
  test('approve: 202 without status, PENDING until 3 s, then AUTHORIZED with the authorization fields', async () => {
    const res = await push(T.approve, { ...amount('13.30'), metadata: { order_id: 'o-1', nested: { a: [1, 2] } } });
    assert.equal(res.status, 202);
    const accepted = res.body.terminal_payment;
    assert.deepEqual(Object.keys(accepted).sort(), ['amount', 'created_at', 'id', 'metadata', 'terminal_id']);
    assert.deepEqual(accepted.amount, { value: '13.30', currency: 'EUR' });
    assert.deepEqual(accepted.metadata, { order_id: 'o-1', nested: { a: [1, 2] } });
    assert.equal(accepted.terminal_id, T.approve);
    assert.equal(accepted.created_at, new Date(fixture.sb.clock.now()).toISOString());

    fixture.sb.clock.advance(2999);
    assert.equal((await getPayment(accepted.id)).body.terminal_payment.status, 'PENDING');
    fixture.sb.clock.advance(1);
    const done = (await getPayment(accepted.id)).body.terminal_payment;
    assert.equal(done.status, 'AUTHORIZED');
    assert.deepEqual(done.authorized_amount, { value: '13.30', currency: 'EUR' });
    assert.equal(done.card_summary, '4242');
    assert.ok(done.payment_method);
    assert.equal(done.authorized_at, new Date(fixture.sb.clock.now()).toISOString());
    assert.equal(done.failure_reason, undefined);
  });

  test('refuse: REFUSED with a failure_reason after 3 s', async () => {
    const { body } = await push(T.refuse, amount('5.00'));
    fixture.sb.clock.advance(3000);
    const p = (await getPayment(body.terminal_payment.id)).body.terminal_payment;
    assert.equal(p.status, 'REFUSED');
    assert.equal(p.failure_reason, 'insufficient_funds');
    assert.equal(p.authorized_amount, undefined);
  });

  test('offline: accepted with 202, then PENDING forever', async () => {
    const res = await push(T.offline, amount('5.00'));
    assert.equal(res.status, 202);
    fixture.sb.clock.advance(24 * 3_600_000);
    token = tokenFor(fixture.sb, 'fr', 'employee'); // the first one expired meanwhile
    assert.equal((await getPayment(res.body.terminal_payment.id)).body.terminal_payment.status, 'PENDING');
  });

  test('slow: still PENDING at 89.999 s, AUTHORIZED at 90 s', async () => {
    const { body } = await push(T.slow, amount('99.99'));
    fixture.sb.clock.advance(89_999);
    assert.equal((await getPayment(body.terminal_payment.id)).body.terminal_payment.status, 'PENDING');
    fixture.sb.clock.advance(1);
    assert.equal((await getPayment(body.terminal_payment.id)).body.terminal_payment.status, 'AUTHORIZED');
  });

  test('a behaviour change applies to new payments only', async () => {
    const before = (await push(T.approve2, amount('1.00'))).body.terminal_payment.id;
    const put = await call(fixture.sb, `/__sandbox/terminals/${T.approve2}/behaviour`, { method: 'PUT', body: { mode: 'refuse', delay_ms: 10 } });
    assert.equal(put.status, 200);
    const afterId = (await push(T.approve2, amount('1.00'))).body.terminal_payment.id;
    fixture.sb.clock.advance(3000);
    assert.equal((await getPayment(before)).body.terminal_payment.status, 'AUTHORIZED');
    assert.equal((await getPayment(afterId)).body.terminal_payment.status, 'REFUSED');
  });

  test('no metadata sent: the key is absent from the 202 and the payment, as on the real API', async () => {
    const res = await push(T.approve, amount('1.00'));
    assert.equal('metadata' in res.body.terminal_payment, false, res.text);
    fixture.sb.clock.advance(3000);
    assert.equal('metadata' in (await getPayment(res.body.terminal_payment.id)).body.terminal_payment, false);
  });
});

describe('terminal payment errors', () => {
  test('missing idempotency key: 400 naming the header, nothing created', async () => {
    const res = await push(T.approve, amount('1.00'), null);
    assert.equal(res.status, 400);
    assert.equal(res.body.errors[0]?.source?.parameter, 'X-Service-Idempotency-Key');
    assert.equal((await sandboxPayments()).length, 0);
  });

  test('bad amounts and metadata: 422 with pointers', async () => {
    const cases: Array<[unknown, string]> = [
      [{ amount: { value: 13.3, currency: 'EUR' } }, '/amount/value'],
      [amount('0.09'), '/amount/value'],
      [amount('100000.01'), '/amount/value'],
      [amount('1.234'), '/amount/value'],
      [{ amount: { value: '1.00', currency: 'USD' } }, '/amount/currency'],
      [{}, '/amount'],
      [{ ...amount('1.00'), metadata: [1] }, '/metadata'],
      [{ ...amount('1.00'), metadata: { big: 'x'.repeat(1100) } }, '/metadata'],
    ];
    for (const [body, pointer] of cases) {
      const res = await push(T.approve, body);
      assert.equal(res.status, 422, JSON.stringify(body));
      assert.ok(res.body.errors.some((e) => e.source?.pointer === pointer), `${JSON.stringify(body)} → ${res.text}`);
    }
  });

  test('unknown terminal or another organization’s terminal: 404', async () => {
    assert.equal((await push('00000000-0000-4000-8000-000000000000', amount('1.00'))).status, 404);
    assert.equal((await push(SANDBOX_TERMINALS.it.approve, amount('1.00'))).status, 404);
  });

  test('malformed JSON and wrong content type: 400', async () => {
    const headers = { 'X-Service-Idempotency-Key': newKey(), 'content-type': 'application/json' };
    assert.equal((await call(fixture.sb, `/v2/terminals/${T.approve}/payment`, { token, body: '{"amount":', headers })).status, 400);
    const text = { 'X-Service-Idempotency-Key': newKey(), 'content-type': 'text/plain' };
    assert.equal((await call(fixture.sb, `/v2/terminals/${T.approve}/payment`, { token, body: JSON.stringify(amount('1.00')), headers: text })).status, 400);
  });

  test('a payment of another organization is not found', async () => {
    const { body } = await push(T.approve, amount('1.00'));
    const it = tokenFor(fixture.sb, 'it', 'owner');
    assert.equal((await call(fixture.sb, `/v2/terminal_payments/${body.terminal_payment.id}`, { token: it })).status, 404);
  });
});

describe('idempotency (per organization, first success replayed for 30 minutes)', () => {
  test('same key twice: one payment, same id, same body', async () => {
    const key = newKey();
    const a = await push(T.approve, amount('13.30'), key);
    const b = await push(T.approve, amount('13.30'), key);
    assert.equal(b.status, 202);
    assert.equal(b.text, a.text);
    assert.equal((await sandboxPayments()).length, 1);
  });

  test('same key, different body and terminal: the first response comes back', async () => {
    const key = newKey();
    const a = await push(T.approve, amount('13.30'), key);
    const b = await push(T.refuse, amount('99.00'), key);
    assert.deepEqual(b.body, a.body);
    assert.equal((await sandboxPayments()).length, 1);
  });

  test('after 30 minutes the same key creates a new payment', async () => {
    const key = newKey();
    const a = await push(T.approve, amount('13.30'), key);
    fixture.sb.clock.advance(30 * 60_000 - 1);
    assert.equal((await push(T.approve, amount('13.30'), key)).body.terminal_payment.id, a.body.terminal_payment.id);
    fixture.sb.clock.advance(1);
    const c = await push(T.approve, amount('13.30'), key);
    assert.notEqual(c.body.terminal_payment.id, a.body.terminal_payment.id);
    assert.deepEqual((await sandboxPayments()).map((p) => p.idempotency_key), [key, key]);
  });

  test('a 422 is not cached: the same key then succeeds', async () => {
    const key = newKey();
    assert.equal((await push(T.approve, amount('0.01'), key)).status, 422);
    const ok = await push(T.approve, amount('1.00'), key);
    assert.equal(ok.status, 202);
    assert.deepEqual(ok.body.terminal_payment.amount, { value: '1.00', currency: 'EUR' });
  });

  test('keys are scoped per organization', async () => {
    const key = newKey();
    await push(T.approve, amount('1.00'), key);
    const it = await call(fixture.sb, `/v2/terminals/${SANDBOX_TERMINALS.it.approve}/payment`, {
      token: tokenFor(fixture.sb, 'it', 'owner'),
      body: amount('1.00'),
      headers: { 'X-Service-Idempotency-Key': key },
    });
    assert.equal(it.status, 202);
    assert.equal((await sandboxPayments()).length, 2);
  });

  test('concurrent requests with one key create one payment', async () => {
    const key = newKey();
    const results = await Promise.all(Array.from({ length: 5 }, () => push(T.approve, amount('2.00'), key)));
    assert.equal(new Set(results.map((r) => r.body.terminal_payment.id)).size, 1);
    assert.equal((await sandboxPayments()).length, 1);
  });
});
