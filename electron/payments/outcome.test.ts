import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { BankApiError } from '../api/errors.js';
import { ValidationError } from '../api/validation-error.js';
import { classifyAccepted, classifySendError, readPaymentOutcome } from './outcome.js';
import { httpError, transportError } from './test-support/fake-bank.js';

const err = (init: Partial<ConstructorParameters<typeof BankApiError>[0]>) =>
  new BankApiError({ kind: 'http', method: 'POST', path: '/v2/terminals/t/payment', message: 'x', ...init });

describe('send errors', () => {
  test('only a non-retryable 4xx is a final rejection', () => {
    assert.equal(classifySendError(httpError(422)).kind, 'rejected');
    assert.equal(classifySendError(httpError(404)).kind, 'rejected');
  });

  test('a 401 (signed out, token revoked) keeps the attempt resendable with its key', () => {
    const unauthorized = classifySendError(httpError(401));
    assert.equal(unauthorized.kind, 'failed');
    assert.equal(unauthorized.error.kind, 'unauthorized');
  });

  test('transport faults, 429 and 5xx are resendable', () => {
    for (const e of [httpError(429), httpError(500), httpError(503), transportError('reset'), transportError('connect_refused')]) {
      assert.equal(classifySendError(e).kind, 'failed', `${e.kind} ${e.status}`);
    }
  });

  test('a request the client refused to send is a final rejection', () => {
    const r = classifySendError(new ValidationError('the terminal payment', [{ pointer: '/terminalId', code: 'invalid', detail: 'bad terminal id' }]));
    assert.equal(r.kind, 'rejected');
    assert.equal(r.kind === 'rejected' && r.reason, 'bad terminal id');
  });

  test('answers that may hide a created payment stay resendable with the same key', () => {
    assert.equal(classifySendError(httpError(409)).kind, 'failed');
    assert.equal(classifySendError(err({ kind: 'unexpected_response', status: 200 })).kind, 'failed');
    assert.equal(classifySendError(new TypeError('boom')).kind, 'failed');
    assert.equal(classifyAccepted({ terminal_id: 't' }).kind, 'failed');
    assert.deepEqual(classifyAccepted({ id: 'p1' }), { kind: 'accepted', paymentId: 'p1' });
  });

  test('keeps the bank\'s code, trace id and Retry-After', () => {
    const r = classifySendError(err({ status: 429, retryAfterMs: 3000, traceId: 'abc', errors: [{ code: 'rate_limited', detail: 'slow down' }] }));
    assert.deepEqual(r, { kind: 'failed', retryAfterMs: 3000, error: { kind: 'http', status: 429, code: 'rate_limited', message: 'slow down', traceId: 'abc' } });
  });
});

describe('payment reads', () => {
  const base = { id: 'p1', terminal_id: 't', amount: { value: '13.30', currency: 'EUR' }, created_at: '', metadata: null };
  test('status is case-insensitive; PENDING and unknown values are not final', () => {
    assert.equal(readPaymentOutcome({ ...base, status: 'PENDING' }, 'p1'), null);
    assert.equal(readPaymentOutcome({ ...base, status: 'settling' }, 'p1'), null);
    assert.deepEqual(readPaymentOutcome({ ...base, status: 'Refused', failure_reason: 'do_not_honor' }, 'p1'), { state: 'refused', failureReason: 'do_not_honor' });
    assert.deepEqual(readPaymentOutcome({ ...base, status: 'authorized', authorized_amount: { value: '15.30', currency: 'EUR' } }, 'p1'),
      { state: 'authorized', authorizedAmountMinor: 1530, cardSummary: null, paymentMethod: null });
  });

  test('a read for another payment or without a status is ignored', () => {
    assert.equal(readPaymentOutcome({ ...base, id: 'other', status: 'AUTHORIZED' }, 'p1'), null);
    assert.equal(readPaymentOutcome({ ...base }, 'p1'), null);
    assert.equal(readPaymentOutcome('AUTHORIZED', 'p1'), null);
  });
});
