import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { BankApiError } from './errors.js';
import { ValidationError } from './validation-error.js';
import { classifyAccepted, classifySendError, readPaymentOutcome } from './terminal-outcomes.js';
import { httpError, transportError } from '../payments/stand-ins/fake-bank.js';

const err = (init: Partial<ConstructorParameters<typeof BankApiError>[0]>) =>
  new BankApiError({ kind: 'http', method: 'POST', path: '/v2/terminals/t/payment', message: 'x', ...init });

describe('send errors', () => {
  test('only a non-retryable 4xx is a final rejection', () => {
    assert.equal(classifySendError(httpError(422)).kind, 'finalRejection');
    assert.equal(classifySendError(httpError(404)).kind, 'finalRejection');
  });

  test('a 401 (signed out, token revoked) keeps the attempt resendable with its key', () => {
    const unauthorized = classifySendError(httpError(401));
    assert.equal(unauthorized.kind, 'unknown');
    assert.equal(unauthorized.error.kind, 'unauthorized');
  });

  test('transport faults, 429 and 5xx are resendable', () => {
    for (const e of [httpError(429), httpError(500), httpError(503), transportError('reset'), transportError('connect_refused')]) {
      assert.equal(classifySendError(e).kind, 'unknown', `${e.kind} ${e.status}`);
    }
  });

  test('a request the client refused to send is a final rejection', () => {
    const r = classifySendError(new ValidationError('the terminal payment', [{ pointer: '/terminalId', code: 'invalid', detail: 'bad terminal id' }]));
    assert.equal(r.kind, 'finalRejection');
    assert.equal(r.kind === 'finalRejection' && r.reason, 'bad terminal id');
  });

  test('answers that may hide a created payment stay resendable with the same key', () => {
    assert.equal(classifySendError(httpError(409)).kind, 'unknown');
    assert.equal(classifySendError(err({ kind: 'unexpected_response', status: 200 })).kind, 'unknown');
    assert.equal(classifySendError(new TypeError('boom')).kind, 'unknown');
    assert.equal(classifyAccepted({ terminal_id: 't' }).kind, 'unknown');
    assert.deepEqual(classifyAccepted({ id: 'p1' }), { kind: 'accepted', paymentId: 'p1', metadata: null });
  });

  test('keeps the bank\'s code, trace id and Retry-After', () => {
    const r = classifySendError(err({ status: 429, retryAfterMs: 3000, traceId: 'abc', errors: [{ code: 'rate_limited', detail: 'slow down' }] }));
    assert.deepEqual(r, { kind: 'unknown', afterMs: 3000, error: { kind: 'http', status: 429, code: 'rate_limited', message: 'slow down', traceId: 'abc' } });
  });
});

describe('payment reads', () => {
  const base = { id: 'p1', terminal_id: 't', amount: { value: '13.30', currency: 'EUR' }, created_at: '', metadata: null };
  test('status is case-insensitive; PENDING and unknown values are not final', () => {
    const pending = { kind: 'pending' };
    assert.deepEqual(readPaymentOutcome({ ...base, status: 'PENDING' }, 'p1'), pending);
    assert.deepEqual(readPaymentOutcome({ ...base, status: 'settling' }, 'p1'), pending);
    assert.deepEqual(readPaymentOutcome({ ...base, status: 'Refused', failure_reason: 'do_not_honor' }, 'p1'), { kind: 'refused', reason: 'do_not_honor' });
    assert.deepEqual(readPaymentOutcome({ ...base, status: 'authorized', authorized_amount: { value: '15.30', currency: 'EUR' } }, 'p1'),
      { kind: 'authorized', amountMinor: 1530, tipMinor: null, method: null, last4: null });
  });

  test('the bank\'s tip_amount is read separately from the authorized amount', () => {
    const tipped = { ...base, status: 'AUTHORIZED', authorized_amount: { value: '12.00', currency: 'EUR' }, tip_amount: { value: '2.00', currency: 'EUR' }, card_summary: '4242', payment_method: 'visa' };
    assert.deepEqual(readPaymentOutcome(tipped, 'p1'), { kind: 'authorized', amountMinor: 1200, tipMinor: 200, method: 'visa', last4: '4242' });
  });

  test('a read for another payment or without a status is ignored', () => {
    assert.deepEqual(readPaymentOutcome({ ...base, id: 'other', status: 'AUTHORIZED' }, 'p1'), { kind: 'pending' });
    assert.deepEqual(readPaymentOutcome({ ...base }, 'p1'), { kind: 'pending' });
    assert.deepEqual(readPaymentOutcome('AUTHORIZED', 'p1'), { kind: 'pending' });
  });
});

describe('an ended bank session', () => {
  test('a token that cannot be had is a session that ended, not a network failure', () => {
    const ended = Object.assign(new Error("The bank ended this register's session. A manager must sign in again."), { code: 'signed_out' });
    const r = classifySendError(ended);
    assert.equal(r.kind, 'sessionEnded');
    assert.equal(r.error.kind, 'session_ended');
  });
});
