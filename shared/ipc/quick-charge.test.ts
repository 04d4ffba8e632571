/**
 * The hand-written Charge check against the schema it stands in front of: on generated requests,
 * near-valid and broken, whatever it accepts the schema accepts with the same output, and validate()
 * answers exactly as the schema alone would. It must also answer for the everyday Charge, or it
 * saves nothing.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fc from 'fast-check';
import { plainJsonIssue, IPC_LIMITS } from '../validation/plain-json.js';
import { chargeRequest } from './requests.js';
import { validate, validateBySchema } from './schema-kit.js';
import { quickCharge } from './quick-charge.js';

const TERMINAL = '0f8fad5b-d9cb-469f-a165-70867728950e';

const nested = (depth: number): unknown => (depth === 0 ? 'x' : { a: nested(depth - 1) });
const field = {
  terminalId: fc.oneof(fc.constant(TERMINAL), fc.uuid(), fc.string(), fc.constant(TERMINAL.toUpperCase()), fc.constant(`${TERMINAL}0`), fc.integer()),
  amountMinor: fc.oneof(fc.integer({ min: -10, max: 10_000_100 }), fc.double(), fc.constant(9e15), fc.string()),
  currency: fc.oneof(fc.constant('EUR'), fc.constant('USD'), fc.constant('eur'), fc.constant(null)),
  metadata: fc.oneof(
    fc.constant(null), fc.constant({}), fc.jsonValue(), fc.dictionary(fc.string(), fc.jsonValue()),
    fc.constant({ order: 'x'.repeat(1100) }), fc.integer({ min: 13, max: 17 }).map((d) => ({ deep: nested(d) })), fc.constant([]),
  ),
  confirmedTerminalFree: fc.oneof(fc.boolean(), fc.constant('yes'), fc.constant(null)),
};
const charge = fc.record(
  { ...field, extra: fc.jsonValue() },
  { requiredKeys: [] },
).chain((r) => (Object.keys(r).length === 0 ? fc.constant(r) : fc.oneof(
  // Mostly the everyday shape with one field drawn from the generators above (a draw with no field is left as it is).
  fc.constantFrom(...Object.keys(r)).map((k) => ({ terminalId: TERMINAL, amountMinor: 1000, currency: 'EUR', metadata: { order: 'B-1' }, [k]: r[k as keyof typeof r] })),
  fc.constant(r),
)));

test('whatever the quick check accepts, the schema accepts with the same output; validate answers as the schema alone', () => {
  fc.assert(fc.property(charge, (input) => {
    if (plainJsonIssue(input, IPC_LIMITS)) return;
    const quick = quickCharge(input);
    const bySchema = validateBySchema(chargeRequest, input);
    if (quick !== undefined) {
      assert.ok(bySchema.ok, `quick accepted what the schema refuses: ${JSON.stringify(input).slice(0, 200)}`);
      assert.deepStrictEqual(quick, bySchema.value);
    }
    assert.deepStrictEqual(validate(chargeRequest, input), bySchema);
  }), { numRuns: 3000 });
});

test('the everyday Charge is answered by the quick check, with or without metadata and the confirmation', () => {
  for (const input of [
    { terminalId: TERMINAL, amountMinor: 1250, currency: 'EUR', metadata: { order: 'B-17', lines: [1, 2] } },
    { terminalId: TERMINAL, amountMinor: 10, currency: 'EUR' },
    { terminalId: TERMINAL, amountMinor: 10_000_000, currency: 'EUR', metadata: null, confirmedTerminalFree: true },
  ]) {
    const quick = quickCharge(input);
    assert.ok(quick, JSON.stringify(input));
    assert.deepStrictEqual(quick, (validateBySchema(chargeRequest, input) as { value: unknown }).value);
  }
  for (const input of [{ terminalId: TERMINAL, amountMinor: 9, currency: 'EUR' }, { terminalId: TERMINAL, amountMinor: 1000, currency: 'EUR', tip: 1 }]) {
    assert.equal(quickCharge(input), undefined, JSON.stringify(input));
    assert.equal(validate(chargeRequest, input).ok, false);
  }
});
