import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SANDBOX_TERMINALS } from './index.js';
import { call, sharedSandbox, tokenFor, type ErrorBody } from './testing/test-support.js';
import { deepJsonText, hugeJsonText, longestTimerGap, FREE_LOOP_MS } from '../../shared/testing/hostile-json.js';

const fixture = sharedSandbox();
const T = SANDBOX_TERMINALS.fr;
let keyCounter = 0;

const payments = async () => (await call<{ terminal_payments: unknown[] }>(fixture.sb, '/__sandbox/terminal_payments')).body.terminal_payments.length;

async function post(path: string, body: string): Promise<{ status: number; detail: string; gap: number }> {
  const token = tokenFor(fixture.sb, 'fr', 'employee');
  const headers = { 'X-Service-Idempotency-Key': `limits-${++keyCounter}`, 'content-type': 'application/json' };
  let res: Awaited<ReturnType<typeof call<ErrorBody>>> | undefined;
  const gap = await longestTimerGap(async () => { res = await call<ErrorBody>(fixture.sb, path, { token, body, headers }); });
  assert.ok(res);
  return { status: res.status, detail: res.text, gap };
}

test('a payment whose body is 6 000 deep is a 400 naming the depth, and no payment is made', async () => {
  const before = await payments();
  const body = `{"amount":{"value":"1.00","currency":"EUR"},"metadata":${deepJsonText()}}`;
  const res = await post(`/v2/terminals/${T.approve}/payment`, body);
  assert.equal(res.status, 400, res.detail);
  assert.match(res.detail, /request body is too deep: .*nested more than 32 levels deep/);
  assert.equal(await payments(), before);
  assert.ok(res.gap < FREE_LOOP_MS, `longest timer gap ${res.gap.toFixed(0)} ms`);
});

test('a multi-MB payment body is a 400 for its size, and no payment is made', async () => {
  const before = await payments();
  const res = await post(`/v2/terminals/${T.approve}/payment`, hugeJsonText(6));
  assert.equal(res.status, 400, res.detail);
  assert.match(res.detail, /request body is larger than 1048576 bytes/);
  assert.equal(await payments(), before);
  assert.ok(res.gap < FREE_LOOP_MS, `longest timer gap ${res.gap.toFixed(0)} ms`);
});

test('the test helpers refuse a 6 000-deep body the same way', async () => {
  const res = await post('/__sandbox/tokens', deepJsonText());
  assert.equal(res.status, 400, res.detail);
  assert.match(res.detail, /the body is too deep: /);
});
