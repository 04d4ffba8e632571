import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { isTokenSet, parseScope, parseTokenResponse } from './token-set.js';
import { OAuthUnexpectedResponseError } from './errors.js';

const NOW = 1_700_000_000_000;
const good = { access_token: 'ory_at_abc', refresh_token: 'ory_rt_def', token_type: 'bearer', expires_in: 3600, scope: 'offline_access terminal.read' };
const parse = (body: unknown, fallback: { scope: string[]; refreshToken?: string | null } = { scope: ['asked'] }) =>
  parseTokenResponse(body, 200, NOW, fallback);

describe('token response parsing', () => {
  test('reads a full answer and computes the expiry from the send time', () => {
    assert.deepEqual(parse(good), {
      access_token: 'ory_at_abc', refresh_token: 'ory_rt_def', expires_at: NOW + 3_600_000, scope: ['offline_access', 'terminal.read'],
    });
  });

  test('falls back to the requested scope and the previous refresh token when omitted', () => {
    const { refresh_token: _r, scope: _s, ...minimal } = good;
    assert.deepEqual(parse(minimal, { scope: ['a', 'b'], refreshToken: 'old_rt' }), {
      access_token: 'ory_at_abc', refresh_token: 'old_rt', expires_at: NOW + 3_600_000, scope: ['a', 'b'],
    });
    assert.equal(parse(minimal).refresh_token, null);
  });

  test('token_type is compared case-insensitively', () => {
    assert.equal(parse({ ...good, token_type: 'Bearer' }).access_token, 'ory_at_abc');
  });

  const broken: [string, unknown][] = [
    ['not an object', ['x']],
    ['no access token', { ...good, access_token: undefined }],
    ['empty access token', { ...good, access_token: '' }],
    ['numeric access token', { ...good, access_token: 42 }],
    ['token with whitespace', { ...good, access_token: 'a b' }],
    ['huge token', { ...good, access_token: 'x'.repeat(10_000) }],
    ['non-string refresh token', { ...good, refresh_token: {} }],
    ['wrong token type', { ...good, token_type: 'mac' }],
    ['missing token type', { ...good, token_type: undefined }],
    ['string expires_in', { ...good, expires_in: '3600' }],
    ['zero expires_in', { ...good, expires_in: 0 }],
    ['scope as array', { ...good, scope: ['a'] }],
  ];
  for (const [name, body] of broken) {
    test(`rejects ${name}`, () => assert.throws(() => parse(body), OAuthUnexpectedResponseError));
  }

  test('error messages never echo a token value', () => {
    try {
      parse({ ...good, token_type: 'mac', access_token: 'ory_at_secret' });
      assert.fail('should throw');
    } catch (e) {
      assert.doesNotMatch((e as Error).message, /ory_at_secret/);
    }
  });
});

describe('scope and stored-set helpers', () => {
  test('parseScope splits on any whitespace and drops duplicates', () => {
    assert.deepEqual(parseScope(' a  b\tc a '), ['a', 'b', 'c']);
  });

  test('isTokenSet accepts a stored set and rejects damaged ones', () => {
    const set = { access_token: 'a', refresh_token: null, expires_at: 1, scope: ['x'] };
    assert.ok(isTokenSet(set));
    assert.ok(!isTokenSet({ ...set, expires_at: '1' }));
    assert.ok(!isTokenSet({ ...set, refresh_token: '' }));
    assert.ok(!isTokenSet({ ...set, scope: [1] }));
    assert.ok(!isTokenSet(null));
  });
});
