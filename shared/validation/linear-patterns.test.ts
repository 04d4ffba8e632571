/**
 * Patterns that run on untrusted text must take linear time: the former
 * e-mail pattern needed 7 s for 63 KB, holding the main process and every
 * payment in flight. These feed a megabyte of the worst shapes.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { looksLikeEmail } from './client-rules.js';
import { validateClientCreate, CLIENT_FIELDS } from './client.js';
import { metadataIssues } from './terminal-payment.js';

const MB = 1024 * 1024;
// Not a speed target: a linear pass over a megabyte takes a few milliseconds, a backtracking one
// hours. The bound sits far from both so a machine under heavy load never fails it by accident.
const FAST_MS = 2000;

function ms(fn: () => unknown): number {
  const start = performance.now();
  fn();
  return performance.now() - start;
}

describe('linear-time text checks', () => {
  test('the e-mail check reads as loosely as before', () => {
    const yes = ['name@example.com', 'a@b.c', 'first.last+tag@sub.domain.fr'];
    const no = ['', 'name', '@b.c', 'a@.c', 'a@b.', 'a@bc', 'a@b@c.d', 'a b@c.d', 'a@b .c', 'a@b.c\n'];
    for (const s of yes) assert.equal(looksLikeEmail(s), true, s);
    for (const s of no) assert.equal(looksLikeEmail(s), false, JSON.stringify(s));
  });

  test('a megabyte of the shapes that made the old pattern backtrack is answered at once', () => {
    for (const s of ['a@' + 'a'.repeat(MB), 'a@' + '.'.repeat(MB), 'a'.repeat(MB), 'a@' + 'a.'.repeat(MB / 2) + ' ']) {
      assert.ok(ms(() => looksLikeEmail(s)) < FAST_MS);
    }
  });

  test('the client rules refuse a megabyte in any field quickly, by its length', () => {
    const huge = 'a@'.repeat(MB / 2);
    for (const key of CLIENT_FIELDS) {
      let result: ReturnType<typeof validateClientCreate> | undefined;
      const took = ms(() => { result = validateClientCreate({ kind: 'company', name: 'Acme', [key]: huge }, { organizationCountry: 'FR' }); });
      assert.ok(took < FAST_MS, `${key}: ${took.toFixed(1)} ms`);
      assert.equal(result?.ok, false, key);
    }
  });

  test('metadata of a megabyte is measured, not walked forever', () => {
    assert.ok(ms(() => assert.equal(metadataIssues({ note: 'x'.repeat(MB) }).length, 1)) < FAST_MS);
  });
});
