import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildPaymentBody, idempotencyKeyIssues } from './payment-request.js';
import { normalizeMetadata, normalizePaymentStatus } from './payment-response.js';

test('the amount goes out as the exact decimal string built from cents', () => {
  const r = buildPaymentBody({ amountMinor: 1330, currency: 'EUR', metadata: { order_id: 'o-1' } });
  assert.deepEqual(r, { ok: true, value: { amount: { value: '13.30', currency: 'EUR' }, metadata: { order_id: 'o-1' } } });
  assert.deepEqual(buildPaymentBody({ amountMinor: 10, currency: 'EUR' }), { ok: true, value: { amount: { value: '0.10', currency: 'EUR' } } });
  assert.deepEqual(buildPaymentBody({ amountMinor: 10_000_000, currency: 'EUR' }), { ok: true, value: { amount: { value: '100000.00', currency: 'EUR' } } });
});

test('amounts outside 0.10 - 100000.00, fractions of a cent, other currencies and big metadata are refused', () => {
  const codes = (minor: number) => {
    const r = buildPaymentBody({ amountMinor: minor, currency: 'EUR' });
    return r.ok ? [] : r.issues.map((i) => i.code);
  };
  assert.deepEqual(codes(9), ['too_small']);
  assert.deepEqual(codes(10_000_001), ['too_large']);
  assert.deepEqual(codes(13.3), ['invalid']);
  const usd = buildPaymentBody({ amountMinor: 100, currency: 'USD' as 'EUR' });
  assert.equal(usd.ok, false);
  const big = buildPaymentBody({ amountMinor: 100, currency: 'EUR', metadata: { note: 'x'.repeat(1100) } });
  assert.ok(!big.ok && big.issues[0]?.pointer === '/metadata');
});

test('idempotency key must be present', () => {
  assert.deepEqual(idempotencyKeyIssues('3f2b8c1e-0000-4000-8000-000000000000'), []);
  for (const bad of ['', '   ', undefined, 'k'.repeat(256)]) assert.equal(idempotencyKeyIssues(bad).length, 1);
});

test('payment status is matched case-insensitively, unknown values kept', () => {
  assert.equal(normalizePaymentStatus('authorized'), 'AUTHORIZED');
  assert.equal(normalizePaymentStatus('Refused'), 'REFUSED');
  assert.equal(normalizePaymentStatus('PENDING'), 'PENDING');
  assert.equal(normalizePaymentStatus('cancelled_by_terminal'), 'cancelled_by_terminal');
});

test('metadata as an object or a JSON-encoded string', () => {
  assert.deepEqual(normalizeMetadata({ a: 1 }), { a: 1 });
  assert.deepEqual(normalizeMetadata('{"order_id":"x"}'), { order_id: 'x' });
  assert.equal(normalizeMetadata('[1]'), null);
  assert.equal(normalizeMetadata('not json'), null);
  assert.equal(normalizeMetadata(null), null);
});
