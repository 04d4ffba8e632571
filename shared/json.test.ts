import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { frozenJsonCopy, jsonByteLength, utf8Length } from './json.js';

const encoded = (s: string) => new TextEncoder().encode(s).length;

test('the UTF-8 length is counted exactly as an encoder would write it, lone surrogates included', () => {
  for (const s of ['', 'abc', 'é', '€', '\ud83d\ude00', '\ud83d', '\ude00x', 'a\ud83d\ud83d\ude00']) assert.equal(utf8Length(s), encoded(s), JSON.stringify(s));
  const anyUnit = fc.integer({ min: 0, max: 0xffff }).map((n) => String.fromCharCode(n));
  fc.assert(fc.property(fc.string({ unit: anyUnit }), (s) => utf8Length(s) === encoded(s)), { numRuns: 5000 });
  assert.equal(jsonByteLength({ note: 'café' }), encoded('{"note":"café"}'));
});

test('a frozen copy is equal, shares nothing, and cannot be changed', () => {
  const source = { order: 'A-1', lines: [{ sku: 'x', qty: 2 }], gift: null, zero: -0 };
  const copy = frozenJsonCopy(source);
  assert.deepEqual(copy, source);
  assert.ok(Object.is(copy.zero, -0), 'values are kept as they are, as structuredClone keeps them');
  assert.notEqual(copy.lines, source.lines);
  assert.ok(Object.isFrozen(copy) && Object.isFrozen(copy.lines) && Object.isFrozen(copy.lines[0]));
  source.lines[0]!.qty = 3;
  assert.equal(copy.lines[0]?.qty, 2);
  assert.equal(Object.getPrototypeOf(frozenJsonCopy(Object.assign(Object.create(null) as object, { a: 1 }))), Object.prototype);
  const odd = JSON.parse('{"__proto__":{"b":2},"a":1}') as object;
  const oddCopy = frozenJsonCopy(odd);
  assert.deepStrictEqual(oddCopy, odd, 'a key named __proto__ is kept as data');
  assert.equal(Object.getPrototypeOf(oddCopy), Object.prototype);
});
