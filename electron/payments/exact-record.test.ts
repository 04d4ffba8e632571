import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import type { Attempt } from '../../shared/domain/attempt.js';
import { isExactAttemptRecord, isExactRecord } from './exact-record.js';
import { decodeRecordText, type JournalRecord } from './journal-records.js';
import { newAttempt } from './new-attempt.js';
import { SALE, T0 } from './testing/engine-fixture.js';

/** What start-up makes of the record's text, compared with the record: the full read-back's verdict. */
function readsBackAsWritten(record: unknown): boolean {
  let raw: string | undefined;
  try {
    raw = JSON.stringify(record);
  } catch {
    return false;
  }
  if (raw === undefined) return false;
  const back = decodeRecordText(raw);
  return back.ok && isDeepStrictEqual(back.record, record);
}

const fresh = (): Attempt => newAttempt({ ...SALE, registerId: 'reg-1', saleId: null, previousAttemptId: null }, T0);
const record = (attempts: unknown[], kind: JournalRecord['kind'] = 'update'): JournalRecord =>
  ({ v: 1, seq: 7, kind, at: T0 + 5, attempts }) as JournalRecord;

/** Every shape the engine writes in a day: it must take the fast path, or the read-back costs what it did. */
const ENGINE_SHAPES: Attempt[] = [
  fresh(),
  { ...fresh(), lease: 'held' },
  { ...fresh(), state: 'accepted', paymentId: 'c1b2a3d4-0000-4000-8000-000000000001', sends: 2, lastError: { kind: 'http', status: 503, message: 'busy', traceId: 't-1' } },
  { ...fresh(), state: 'authorized', paymentId: 'p-1', authorizedAmountMinor: 1530, tipMinor: 200, cardSummary: '4242', paymentMethod: 'visa' },
  { ...fresh(), state: 'refused', paymentId: 'p-1', failureReason: 'insufficient_funds' },
  { ...fresh(), state: 'timed_out', abandoned: true, lateOutcome: true, retriedBy: 'next', bankAsked: { marker: 'ab12cd34', at: T0, answer: 'pending' } },
  { ...fresh(), state: 'authorized', paymentId: 'p-2', possibleDuplicate: true, resolution: { kind: 'refunded_outside', note: '', at: T0 + 9 } },
  { ...fresh(), metadata: { order: 'A-1', lines: [{ sku: 'x', qty: 2, price: 1.5 }], gift: null, note: 'ünïcode \ud83d\ude00' } },
];

describe('the fast read-back', () => {
  test('vouches for every shape the engine writes, which the full read-back accepts too', () => {
    for (const a of ENGINE_SHAPES) {
      assert.ok(readsBackAsWritten(record([a])), `the full read-back accepts ${a.state}`);
      assert.ok(isExactRecord(record([a])), `the fast path takes ${a.state} (${JSON.stringify(a).slice(0, 80)}…)`);
      assert.ok(isExactAttemptRecord(7, 'update', T0, [a]));
    }
    assert.ok(isExactRecord(record(ENGINE_SHAPES, 'carry')));
  });

  test('says no to what JSON or start-up would change, each of which the full read-back refuses', () => {
    const nasty: Array<[string, unknown]> = [
      ['a date in metadata', record([{ ...fresh(), metadata: { when: new Date(T0) } }])],
      ['-0 in metadata', record([{ ...fresh(), metadata: { n: -0 } }])],
      ['undefined in metadata', record([{ ...fresh(), metadata: { n: undefined } }])],
      ['a lease left undefined', record([{ ...fresh(), lease: undefined }])],
      ['metadata without a prototype', record([{ ...fresh(), metadata: Object.assign(Object.create(null) as object, { a: 1 }) }])],
      ['an extra field', record([{ ...fresh(), extra: 1 }])],
      ['a null sequence', { ...record([fresh()]), seq: null }],
      // eslint-disable-next-line no-sparse-arrays -- the hole is the damage under test
      ['a hole among the attempts', record([fresh(), , fresh()])],
      ['a deadline that is not derived', record([{ ...fresh(), deadlineAt: T0 + 1 }])],
      ['an optional error field held as null', record([{ ...fresh(), lastError: { kind: 'http', message: 'x', code: null } }])],
    ];
    for (const [what, r] of nasty) {
      assert.equal(isExactRecord(r), false, what);
      assert.equal(readsBackAsWritten(r), false, `${what}: the full read-back refuses it too`);
    }
  });

  test('looks at what JSON sees: keys that are not enumerable, getters, holes beside named properties, long carry records', () => {
    const hidden = { ...fresh(), extra: 1 } as Record<string, unknown>;
    Object.defineProperty(hidden, 'state', { value: 'sending', enumerable: false });
    let reads = 0;
    const moving = Object.defineProperty({ ...fresh() }, 'sends', { get: () => (reads++ === 0 ? 0 : -1), enumerable: true });
    const holed = (): unknown[] => Object.assign([fresh(), , fresh()], { x: 1 }); // eslint-disable-line no-sparse-arrays
    const holedMetadata = { ...fresh(), metadata: { l: Object.assign([1, , 3], { x: 1 }) } }; // eslint-disable-line no-sparse-arrays
    for (const [what, r] of [
      ['a required key that is not enumerable, with an extra one', record([hidden])],
      ['a getter', record([moving])],
      ['a hole beside a named property among the attempts', record(holed())],
      ['a hole beside a named property in metadata', record([holedMetadata])],
    ] as const) {
      assert.equal(isExactRecord(r), false, what);
      assert.equal(readsBackAsWritten(r), false, `${what}: the full read-back refuses it too`);
    }
    const many = Array.from({ length: 101 }, () => fresh());
    assert.equal(isExactRecord(record(many, 'carry')), false, 'more than 100 attempts: start-up limits are counted the full way');
    assert.ok(readsBackAsWritten(record(many, 'carry')));
  });

  test('trusts a walk of metadata only while nothing can change it', () => {
    const open: Record<string, unknown> = { n: 1 };
    const a = { ...fresh(), metadata: open } as Attempt;
    assert.ok(isExactRecord(record([a])));
    open.n = -0;
    assert.equal(isExactRecord(record([a])), false, 'metadata that can still change is walked again');
    const frozen = fresh();
    assert.ok(Object.isFrozen(frozen.metadata), 'a new attempt holds a frozen copy');
    assert.ok(isExactRecord(record([frozen])) && isExactRecord(record([{ ...frozen, state: 'accepted', paymentId: 'p' }])));
    assert.throws(() => ((frozen.metadata as Record<string, unknown>).order = -0), TypeError);
  });

  test('never vouches for a record the full read-back refuses (generated damage)', () => {
    const fields = Object.keys(fresh());
    const damage = fc.oneof(
      fc.record({ at: fc.constantFrom(...fields, 'lease', 'extra'), value: fc.anything({ withNullPrototype: true, withObjectString: true, withBoxedValues: true, withSparseArray: true, withUnicodeString: true }) }),
      fc.record({ at: fc.constantFrom(...fields), value: fc.constant(Symbol.for('delete')) }),
      fc.record({ at: fc.constantFrom('lastError', 'resolution', 'bankAsked', 'metadata'), value: fc.dictionary(fc.string(), fc.jsonValue()) }),
      fc.record({ at: fc.constantFrom('amountMinor', 'createdAt', 'sends', 'tipMinor', 'authorizedAmountMinor'), value: fc.oneof(fc.integer(), fc.double(), fc.constant(-0)) }),
    );
    fc.assert(fc.property(fc.array(damage, { minLength: 1, maxLength: 3 }), fc.nat({ max: ENGINE_SHAPES.length - 1 }), (hits, shape) => {
      const a: Record<string, unknown> = { ...ENGINE_SHAPES[shape] };
      for (const { at, value } of hits) {
        if (value === Symbol.for('delete')) delete a[at];
        else a[at] = value;
      }
      const r = record([a]);
      if (isExactRecord(r)) assert.ok(readsBackAsWritten(r), `vouched for ${JSON.stringify(a)}`);
      assert.equal(isExactAttemptRecord(r.seq ?? 0, r.kind, r.at, r.attempts), isExactRecord(r), 'the journal\'s own records get the same answer');
    }), { numRuns: 3000 });
  });
});
