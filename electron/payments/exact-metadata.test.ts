import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { metadataIssues } from '../../shared/validation/terminal-payment.js';
import { assertChargeInput, newAttempt } from './new-attempt.js';
import { exactMetadata, isProvenMetadata, provenMetadataCopy } from '../../shared/validation/proven-metadata.js';
import { SALE, T0 } from './testing/engine-fixture.js';
import { quickCharge } from '../../shared/ipc/quick-charge.js';

const deepFrozen = (v: unknown): boolean => typeof v !== 'object' || v === null || (Object.isFrozen(v) && Object.values(v).every(deepFrozen));

describe('metadata copied and proven in one walk', () => {
  test('a proven copy is what the long way accepts: within the limits, the same JSON, frozen, read back unchanged (generated metadata)', () => {
    const metadata = fc.oneof(
      fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 4 })),
      fc.dictionary(fc.string(), fc.anything({ withNullPrototype: true, withBoxedValues: true, withSparseArray: true, withObjectString: true, withUnicodeString: true })),
    );
    let proven = 0;
    fc.assert(fc.property(metadata, (m) => {
      const copy = provenMetadataCopy(m);
      if (copy === null) return;
      proven++;
      assert.deepEqual(metadataIssues(m), [], 'the input passes the long check');
      assert.deepEqual(metadataIssues(structuredClone(copy)), [], 'the copy passes it (walked: the copy itself is vouched for)');
      assert.deepEqual(metadataIssues(copy), []);
      assert.equal(JSON.stringify(copy), JSON.stringify(m), 'the same bytes are journaled and sent');
      assert.ok(isDeepStrictEqual(JSON.parse(JSON.stringify(copy)), copy), 'reads back unchanged');
      assert.ok(deepFrozen(copy) && copy !== m && isProvenMetadata(copy) && exactMetadata(copy));
    }), { numRuns: 2000 });
    assert.ok(proven > 500, `most generated metadata is provable (${proven})`);
  });

  test('says no to what JSON or the read-back would change, and to what is over the limits', () => {
    const deep = (n: number): unknown => (n === 0 ? 1 : { d: deep(n - 1) });
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    const nasty: Array<[string, unknown]> = [
      ['a date', { when: new Date(T0) }],
      ['-0', { n: -0 }],
      ['undefined', { n: undefined }],
      ['NaN', { n: NaN }],
      ['a getter', Object.defineProperty({}, 'g', { get: () => 1, enumerable: true })],
      ['a hole', { l: [1, , 3] }], // eslint-disable-line no-sparse-arrays
      ['a symbol key', { [Symbol('s')]: 1 }],
      ['no prototype', Object.assign(Object.create(null) as object, { a: 1 })],
      ['a cycle', cyclic],
      ['17 levels deep', deep(17)],
      ['over 1 KiB', { note: 'x'.repeat(1100) }],
      ['a list', [1]],
      ['a text', 'x'],
    ];
    for (const [what, m] of nasty) assert.equal(provenMetadataCopy(m), null, what);
    assert.ok(provenMetadataCopy(deep(15)), '16 levels are within the limit');
  });

  test('a key named __proto__ stays data; a charge journals the proven copy and its attempt shares it', () => {
    const odd = JSON.parse('{"__proto__":{"x":1},"n":2}') as Record<string, unknown>;
    const copy = provenMetadataCopy(odd)!;
    assert.equal(Object.getPrototypeOf(copy), Object.prototype);
    assert.equal(JSON.stringify(copy), JSON.stringify(odd));
    const input = { ...SALE, metadata: { order: 'A-1', lines: [{ sku: 'x', qty: 2 }] } };
    const metadata = assertChargeInput(input);
    assert.notEqual(metadata, input.metadata);
    assert.ok(isProvenMetadata(metadata));
    const a = newAttempt({ ...input, metadata, registerId: 'r', saleId: null, previousAttemptId: null }, T0);
    assert.equal(a.metadata, metadata, 'not copied a second time');
    // Not provable here: checked the long way, with its words, and copied by newAttempt as before.
    assert.throws(() => assertChargeInput({ ...SALE, metadata: { when: new Date(T0) } as never }), /metadata at \/when: a date object/);
    const open = { n: undefined } as never;
    assert.equal(assertChargeInput({ ...SALE, metadata: open }), open);
  });

  test("the window's checked Charge hands the engine proven metadata, which it takes without a second walk", () => {
    const checked = quickCharge({ terminalId: '0f8fad5b-d9cb-469f-a165-70867728950e', amountMinor: 1250, currency: 'EUR', metadata: { order: 'B-17', lines: [1, 2] } });
    assert.ok(checked && isProvenMetadata(checked.metadata) && deepFrozen(checked.metadata));
    assert.equal(assertChargeInput({ ...SALE, metadata: checked.metadata }), checked.metadata, 'the same object: not copied again');
    // Without metadata the request still carries a proven (empty) one.
    assert.ok(isProvenMetadata(quickCharge({ terminalId: '0f8fad5b-d9cb-469f-a165-70867728950e', amountMinor: 10, currency: 'EUR' })?.metadata));
  });
});
