import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { createCodeVerifier, createPkcePair, createState, s256Challenge } from './pkce.js';

describe('PKCE', () => {
  test('matches the RFC 7636 appendix B test vector', () => {
    assert.equal(s256Challenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk'), 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
  });

  test('verifiers are unreserved characters of the requested length and differ every time', () => {
    for (const length of [43, 64, 128]) {
      const v = createCodeVerifier(length);
      assert.match(v, /^[A-Za-z0-9\-._~]+$/);
      assert.equal(v.length, length);
    }
    assert.notEqual(createCodeVerifier(), createCodeVerifier());
  });

  test('rejects verifier lengths outside 43-128 and malformed verifiers', () => {
    assert.throws(() => createCodeVerifier(42), RangeError);
    assert.throws(() => createCodeVerifier(129), RangeError);
    assert.throws(() => s256Challenge('short'), RangeError);
    assert.throws(() => s256Challenge('a'.repeat(42) + ' '), RangeError);
  });

  test('a pair carries the challenge of its own verifier', () => {
    const pair = createPkcePair();
    assert.equal(pair.method, 'S256');
    assert.equal(pair.challenge, s256Challenge(pair.verifier));
    assert.match(pair.challenge, /^[A-Za-z0-9_-]{43}$/);
  });

  test('state is long, url-safe and random', () => {
    const a = createState();
    assert.match(a, /^[A-Za-z0-9_-]{43}$/);
    assert.notEqual(a, createState());
  });
});
