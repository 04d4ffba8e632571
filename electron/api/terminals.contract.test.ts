import { test, describe, before, after, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { SANDBOX_TERMINALS } from '../sandbox/index.js';
import { contractEnv, type ContractEnv } from './testing/contract-support.js';
import { rejection } from './testing/test-rejection.js';
import { BankApiError } from './errors.js';
import { ValidationError } from './validation-error.js';
import type { BankApi } from './types.js';

const T = SANDBOX_TERMINALS.fr;
let env: ContractEnv;
let owner: BankApi;
let requests = 0;

before(async () => {
  env = await contractEnv();
  owner = env.api({ organization: 'fr', role: 'owner' }, { getAccessToken: async () => (requests++, env.sb.mintToken({ organization: 'fr', role: 'owner' }).access_token) });
});
after(() => env.close());
beforeEach(() => {
  env.sb.reset();
  requests = 0;
});

type SandboxPayments = { terminal_payments: Array<{ id: string; idempotency_key: string; amount: { value: string } }> };

describe('terminals.listAll', () => {
  test('follows next_page to the last page (per_page 2)', async () => {
    const terminals = await owner.terminals.listAll({ perPage: 2 });
    const ids = terminals.map((t) => t.id);
    assert.equal(requests, 3, 'five terminals at two per page are three pages');
    assert.equal(new Set(ids).size, ids.length);
    for (const id of Object.values(T)) assert.ok(ids.includes(id), `terminal ${id} listed`);
    assert.ok(terminals.every((t) => typeof t.poi_id === 'string'));
  });

  test('one page at the default page size; 403 without terminal.read', async () => {
    assert.equal((await owner.terminals.listAll()).length, 5);
    assert.equal(requests, 1);
    const noScope = env.api({ organization: 'fr', role: 'owner', scopes: ['terminal.write'] });
    const e = await rejection(noScope.terminals.listAll());
    assert.ok(e instanceof BankApiError && e.status === 403, String(e));
    assert.match(e.errors[0]?.detail ?? '', /terminal\.read/);
  });
});

describe('terminals.createPayment and getPayment', () => {
  test('202 with the exact amount; PENDING, then AUTHORIZED after the terminal delay', async () => {
    const accepted = await owner.terminals.createPayment(T.approve, { amountMinor: 1330, currency: 'EUR', metadata: { order_id: 'o-1' } }, 'key-approve-1');
    assert.deepEqual(accepted.amount, { value: '13.30', currency: 'EUR' });
    assert.deepEqual(accepted.metadata, { order_id: 'o-1' });
    assert.equal(accepted.terminal_id, T.approve);
    assert.equal((await owner.terminals.getPayment(accepted.id)).status, 'PENDING');
    env.clock.advance(3000);
    const done = await owner.terminals.getPayment(accepted.id);
    assert.equal(done.status, 'AUTHORIZED');
    assert.deepEqual(done.authorized_amount, { value: '13.30', currency: 'EUR' });
  });

  test('refused payment carries failure_reason; offline stays PENDING', async () => {
    const refused = await owner.terminals.createPayment(T.refuse, { amountMinor: 500, currency: 'EUR' }, 'key-refuse-1');
    assert.equal(refused.metadata, null);
    const offline = await owner.terminals.createPayment(T.offline, { amountMinor: 500, currency: 'EUR' }, 'key-offline-1');
    env.clock.advance(200_000);
    const r = await owner.terminals.getPayment(refused.id);
    assert.equal(r.status, 'REFUSED');
    assert.ok(r.failure_reason);
    assert.equal((await owner.terminals.getPayment(offline.id)).status, 'PENDING');
  });

  test('idempotency: the same key twice gives one payment with one id', async () => {
    const push = { amountMinor: 2500, currency: 'EUR' as const };
    const first = await owner.terminals.createPayment(T.approve, push, 'key-same');
    const second = await owner.terminals.createPayment(T.approve, push, 'key-same');
    assert.equal(second.id, first.id);
    const { terminal_payments: all } = await env.helper<SandboxPayments>('GET', '/terminal_payments');
    assert.deepEqual(all.map((p) => [p.idempotency_key, p.amount.value]), [['key-same', '25.00']]);
  });

  test('a new key is a new payment', async () => {
    const push = { amountMinor: 2500, currency: 'EUR' as const };
    const a = await owner.terminals.createPayment(T.approve, push, 'key-a');
    const b = await owner.terminals.createPayment(T.approve, push, 'key-b');
    assert.notEqual(a.id, b.id);
    assert.equal((await env.helper<SandboxPayments>('GET', '/terminal_payments')).terminal_payments.length, 2);
  });

  test('bad amount, empty key or bad terminal id: ValidationError, nothing sent', async () => {
    const cases: Array<Promise<unknown>> = [
      owner.terminals.createPayment(T.approve, { amountMinor: 9, currency: 'EUR' }, 'k1'),
      owner.terminals.createPayment(T.approve, { amountMinor: 1000, currency: 'EUR' }, ''),
      owner.terminals.createPayment(T.approve, { amountMinor: 12.5, currency: 'EUR' }, 'k2'),
      owner.terminals.createPayment('..', { amountMinor: 1000, currency: 'EUR' }, 'k3'),
    ];
    for (const c of cases) assert.ok((await rejection(c)) instanceof ValidationError);
    assert.equal(requests, 0);
    assert.equal((await env.helper<SandboxPayments>('GET', '/terminal_payments')).terminal_payments.length, 0);
  });

  test('unknown terminal → 404; unknown payment → 404; employee without terminal.write → 403', async () => {
    const unknownTerminal = await rejection(owner.terminals.createPayment('00000000-0000-4000-8000-000000000000', { amountMinor: 1000, currency: 'EUR' }, 'k404'));
    assert.ok(unknownTerminal instanceof BankApiError && unknownTerminal.status === 404 && !unknownTerminal.retryable);
    assert.ok(unknownTerminal.traceId, 'the trace id is kept for support');
    const unknownPayment = await rejection(owner.terminals.getPayment('00000000-0000-4000-8000-000000000000'));
    assert.ok(unknownPayment instanceof BankApiError && unknownPayment.status === 404);
    const readOnly = env.api({ organization: 'fr', role: 'employee', scopes: ['terminal.read'] });
    const forbidden = await rejection(readOnly.terminals.createPayment(T.approve, { amountMinor: 1000, currency: 'EUR' }, 'k403'));
    assert.ok(forbidden instanceof BankApiError && forbidden.status === 403);
  });

  test('another organization cannot read the payment', async () => {
    const p = await owner.terminals.createPayment(T.approve, { amountMinor: 1000, currency: 'EUR' }, 'k-org');
    const italian = env.api({ organization: 'it', role: 'owner' });
    const e = await rejection(italian.terminals.getPayment(p.id));
    assert.ok(e instanceof BankApiError && e.status === 404);
  });
});
