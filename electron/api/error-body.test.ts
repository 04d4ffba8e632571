import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseProviderErrors } from './error-body.js';

test('the documented shape: errors[] with source and trace_id', () => {
  const body = { errors: [{ code: 'not_in_list', detail: 'status is not valid', source: { parameter: 'status' } }, { code: 'invalid', detail: 'bad', source: { pointer: '/client/name' } }], trace_id: 'abc123' };
  assert.deepEqual(parseProviderErrors(body, 422), {
    errors: [
      { code: 'not_in_list', detail: 'status is not valid', source: { parameter: 'status' } },
      { code: 'invalid', detail: 'bad', source: { pointer: '/client/name' } },
    ],
    traceId: 'abc123',
  });
});

test('items with message instead of detail, and without a code', () => {
  assert.deepEqual(parseProviderErrors({ errors: [{ status: '422', message: 'name is missing' }] }, 422).errors, [{ code: 'invalid', detail: 'name is missing' }]);
});

test('{message} and flat {code, message} bodies', () => {
  assert.deepEqual(parseProviderErrors({ message: 'Forbidden' }, 403).errors, [{ code: 'forbidden', detail: 'Forbidden' }]);
  assert.deepEqual(parseProviderErrors({ code: 'sca_not_enrolled', message: 'Enrol first' }, 428).errors, [{ code: 'sca_not_enrolled', detail: 'Enrol first' }]);
  assert.deepEqual(parseProviderErrors({ error: 'invalid_token', error_description: 'expired' }, 401).errors, [{ code: 'invalid_token', detail: 'expired' }]);
});

test('Rails-style field map becomes pointers', () => {
  assert.deepEqual(parseProviderErrors({ errors: { name: ["can't be blank"] } }, 422).errors, [{ code: 'invalid', detail: "name can't be blank", source: { pointer: '/name' } }]);
});

test('unusable bodies give no items; long texts are clipped', () => {
  assert.deepEqual(parseProviderErrors(null, 500), { errors: [] });
  assert.deepEqual(parseProviderErrors({ unrelated: 1 }, 500), { errors: [] });
  const long = parseProviderErrors({ message: 'x'.repeat(2000) }, 500).errors[0];
  assert.ok(long && long.detail.length <= 501 && long.code === 'server_error');
});

test('errors as ONE object (the provider example for card restrictions) is one item that keeps its pointer', () => {
  const body = { errors: { code: 'invalid', detail: 'active_days must be 1 to 7', source: { pointer: '/card/active_days' }, status: '422', message: 'Invalid active days' } };
  assert.deepEqual(parseProviderErrors(body, 422).errors, [{ code: 'invalid', detail: 'active_days must be 1 to 7', source: { pointer: '/card/active_days' } }]);
  assert.deepEqual(parseProviderErrors({ errors: { message: 'Invalid', source: { parameter: 'page' } } }, 400).errors, [{ code: 'bad_request', detail: 'Invalid', source: { parameter: 'page' } }]);
});
