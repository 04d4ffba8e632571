import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import {
  AuthorizationDeniedError, ListenerClosedError, ListenerTimeoutError, OAuthProtocolError, OAuthTransportError, OAuthUnexpectedResponseError,
} from '../auth/index.js';
import { CoreError } from './errors.js';
import { toCoreError } from './auth-errors.js';

const reasonOf = (e: unknown, env?: 'sandbox' | 'production') => {
  const c = toCoreError(e, env);
  assert.ok(c instanceof CoreError);
  return { code: c.code, reason: c.extras.reason, detail: c.extras.detail };
};

describe('sign-in failures a manager can fix, each with its own reason', () => {
  test('wrong staging token (the sandbox gate\'s page), wrong client secret, bank silent, no callback, cancelled', () => {
    assert.equal(reasonOf(new OAuthUnexpectedResponseError(200, 'the body is not JSON', true), 'sandbox').reason, 'signin.wrong_staging_token');
    // In production no staging token exists: an HTML page means the sign-in server address is wrong.
    assert.equal(reasonOf(new OAuthUnexpectedResponseError(200, 'the body is not JSON', true), 'production').reason, 'signin.wrong_server');
    assert.equal(reasonOf(new OAuthProtocolError('invalid_client', 'client authentication failed', 401), 'sandbox').reason, 'signin.wrong_client_secret');
    assert.equal(reasonOf(new OAuthTransportError('connect ECONNREFUSED'), 'production').reason, 'signin.bank_unreachable');
    assert.equal(reasonOf(new ListenerTimeoutError(300_000)).reason, 'signin.no_callback');
    assert.equal(reasonOf(new ListenerClosedError()).reason, 'signin.cancelled');
  });
  test('the auth module\'s own sentence stays as the technical detail; other failures keep their plain message', () => {
    const wrong = reasonOf(new OAuthProtocolError('invalid_client', null, 401), 'sandbox');
    assert.match(wrong.detail ?? '', /HTTP 401, invalid_client/);
    const denied = toCoreError(new AuthorizationDeniedError('access_denied', null));
    assert.ok(denied instanceof CoreError && denied.extras.reason === undefined && denied.code === 'forbidden');
    assert.equal(reasonOf(new OAuthUnexpectedResponseError(500, 'an error without an OAuth error code'), 'sandbox').reason, undefined);
  });
});
