/** The terminal behaviours set through PUT /__sandbox/terminals/{id}/behaviour: tip, refusal reasons, busy. */
import { beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { TerminalPayment, TerminalPaymentAccepted } from '../../shared/domain/bank.js';
import { REFUSAL_REASONS } from '../../shared/domain/refusal-reasons.js';
import { SANDBOX_TERMINALS } from './index.js';
import { call, sharedSandbox, tokenFor } from './testing/test-support.js';

const fixture = sharedSandbox();
const T = SANDBOX_TERMINALS.fr;
let token: string;
let keys = 0;
beforeEach(() => {
  token = tokenFor(fixture.sb, 'fr', 'employee');
});

async function behave(id: string, body: Record<string, unknown>) {
  return call<Record<string, unknown>>(fixture.sb, `/__sandbox/terminals/${id}/behaviour`, { method: 'PUT', body });
}
async function push(terminalId: string, value: string): Promise<string> {
  const res = await call<{ terminal_payment: TerminalPaymentAccepted }>(fixture.sb, `/v2/terminals/${terminalId}/payment`, {
    token, body: { amount: { value, currency: 'EUR' } }, headers: { 'X-Service-Idempotency-Key': `bk-${++keys}` },
  });
  assert.equal(res.status, 202, res.text);
  return res.body.terminal_payment.id;
}
const read = async (id: string) => (await call<{ terminal_payment: TerminalPayment }>(fixture.sb, `/v2/terminal_payments/${id}`, { token })).body.terminal_payment;

describe('tip', () => {
  test('authorizes the amount plus the tip, with tip_amount, and the terminal entry shows it', async () => {
    const put = await behave(T.approve, { mode: 'tip', tip_amount: '2.50', delay_ms: 1000 });
    assert.deepEqual(put.body, { id: T.approve, organization: 'fr', mode: 'tip', delay_ms: 1000, tip_amount: '2.50', reason: null, busy: null });
    const id = await push(T.approve, '12.75');
    fixture.sb.clock.advance(1000);
    const p = await read(id);
    assert.equal(p.status, 'AUTHORIZED');
    assert.deepEqual(p.amount, { value: '12.75', currency: 'EUR' });
    assert.deepEqual(p.authorized_amount, { value: '15.25', currency: 'EUR' });
    assert.deepEqual(p.tip_amount, { value: '2.50', currency: 'EUR' });
  });

  test('without tip_amount it adds 1.00; other modes carry no tip_amount', async () => {
    assert.equal((await behave(T.approve, { mode: 'tip' })).body['tip_amount'], '1.00');
    const tipped = await push(T.approve, '20.00');
    fixture.sb.clock.advance(3000);
    assert.deepEqual((await read(tipped)).authorized_amount, { value: '21.00', currency: 'EUR' });
    assert.equal((await behave(T.approve, { mode: 'approve' })).body['tip_amount'], null);
    const plain = await push(T.approve, '20.00');
    fixture.sb.clock.advance(3000);
    const p = await read(plain);
    assert.equal(p.tip_amount, undefined);
    assert.deepEqual(p.authorized_amount, { value: '20.00', currency: 'EUR' });
  });

  test('bad tips and tips outside mode tip: 400, behaviour unchanged', async () => {
    for (const body of [{ mode: 'tip', tip_amount: 1.5 }, { mode: 'tip', tip_amount: '0' }, { mode: 'tip', tip_amount: '1.234' }, { mode: 'approve', tip_amount: '1.00' }]) {
      assert.equal((await behave(T.approve, body)).status, 400, JSON.stringify(body));
    }
    const entry = (await call<{ terminals: Array<{ id: string; mode: string }> }>(fixture.sb, '/__sandbox/terminals')).body.terminals.find((t) => t.id === T.approve);
    assert.equal(entry?.mode, 'approve');
  });
});

describe('refuse with a reason', () => {
  test('every reason of the set comes back as failure_reason', async () => {
    for (const reason of REFUSAL_REASONS) {
      await behave(T.refuse, { mode: 'refuse', reason, delay_ms: 0 });
      const p = await read(await push(T.refuse, '3.00'));
      assert.equal(p.status, 'REFUSED');
      assert.equal(p.failure_reason, reason);
    }
  });

  test('an unknown reason or a reason outside mode refuse: 400; the mode keeps its reason until changed', async () => {
    assert.equal((await behave(T.refuse, { mode: 'refuse', reason: 'because' })).status, 400);
    assert.equal((await behave(T.approve, { reason: 'expired_card' })).status, 400);
    await behave(T.refuse, { reason: 'expired_card' });
    assert.equal((await behave(T.refuse, { delay_ms: 5 })).body['reason'], 'expired_card');
  });
});

describe('busy: a second push while one is pending', () => {
  test('null (default): each push is handled on its own', async () => {
    const a = await push(T.approve, '1.00');
    const b = await push(T.approve, '2.00');
    fixture.sb.clock.advance(3000);
    assert.deepEqual([(await read(a)).status, (await read(b)).status], ['AUTHORIZED', 'AUTHORIZED']);
  });

  test('queue: the second waits for the first, then takes its own time', async () => {
    await behave(T.approve, { busy: 'queue' });
    const a = await push(T.approve, '1.00');
    fixture.sb.clock.advance(1000);
    const b = await push(T.approve, '2.00');
    fixture.sb.clock.advance(2000); // a settles at 3 s
    assert.deepEqual([(await read(a)).status, (await read(b)).status], ['AUTHORIZED', 'PENDING']);
    fixture.sb.clock.advance(2999); // b started at 3 s, settles at 6 s
    assert.equal((await read(b)).status, 'PENDING');
    fixture.sb.clock.advance(1);
    assert.equal((await read(b)).status, 'AUTHORIZED');
    const c = await push(T.approve, '3.00'); // the terminal is free again
    fixture.sb.clock.advance(3000);
    assert.equal((await read(c)).status, 'AUTHORIZED');
  });

  test('refuse: the second is refused at once with terminal_busy, the first goes through', async () => {
    await behave(T.approve, { busy: 'refuse' });
    const a = await push(T.approve, '1.00');
    const b = await push(T.approve, '2.00');
    const refused = await read(b);
    assert.equal(refused.status, 'REFUSED');
    assert.equal(refused.failure_reason, 'terminal_busy');
    fixture.sb.clock.advance(3000);
    assert.equal((await read(a)).status, 'AUTHORIZED');
    assert.equal((await read(await push(T.approve, '2.00'))).status, 'PENDING', 'free again once the first settled');
  });

  test('a push sent while the terminal was offline never occupies it', async () => {
    await behave(T.approve, { mode: 'offline', busy: 'refuse' });
    await push(T.approve, '1.00');
    await behave(T.approve, { mode: 'approve' });
    const b = await push(T.approve, '2.00');
    fixture.sb.clock.advance(3000);
    assert.equal((await read(b)).status, 'AUTHORIZED');
  });

  test('busy must be queue, refuse or null', async () => {
    assert.equal((await behave(T.approve, { busy: 'maybe' })).status, 400);
    await behave(T.approve, { busy: 'queue' });
    assert.equal((await behave(T.approve, { busy: null })).body['busy'], null);
  });
});
