/**
 * The IPC validators against what a compromised or buggy renderer can send:
 * every wrong shape refused with the field and the reason, a megabyte in any
 * text refused at once, non-JSON values and deep nesting refused without a
 * throw or a stack overflow, and generated payloads (fast-check) that never
 * make a validator throw.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import * as fc from 'fast-check';
import * as v from 'valibot';
import { CONTRACT, METHODS, type Method } from './contract.js';
import { validate } from './schema-kit.js';
import { SAMPLES } from './testing/samples.js';
import type { FieldIssue } from '../result.js';

const MB = 1024 * 1024;
/** Far above the microseconds a validation takes; the quadratic e-mail pattern needed minutes for this much. */
const FAST_MS = 250;

type Path = (string | number)[];
const pointer = (path: Path) => path.map((k) => `/${k}`).join('');

function leaves(value: unknown, path: Path = []): { path: Path; value: unknown }[] {
  if (Array.isArray(value)) return value.flatMap((x, i) => leaves(x, [...path, i]));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, x]) => leaves(x, [...path, k]));
  return [{ path, value }];
}

function replaced(root: unknown, path: Path, next: unknown): unknown {
  if (path.length === 0) return next;
  const copy = structuredClone(root) as Record<string | number, unknown>;
  let at = copy;
  for (const k of path.slice(0, -1)) at = at[k] as Record<string | number, unknown>;
  at[path[path.length - 1]!] = next;
  return copy;
}

function assertRefusedWithReasons(issues: FieldIssue[], context: string): void {
  assert.ok(issues.length > 0, context);
  for (const i of issues) {
    assert.match(i.pointer, /^\//, `${context}: pointer ${i.pointer}`);
    assert.ok(i.code.length > 0 && i.detail.length > 0, `${context}: ${JSON.stringify(i)}`);
    assert.ok(i.detail.length < 400, `${context}: a refusal never echoes the input back (${i.detail.length} chars)`);
  }
}

function timed<T>(fn: () => T): { value: T; ms: number } {
  const start = performance.now();
  const value = fn();
  return { value, ms: performance.now() - start };
}

const objectSamples = METHODS.filter((m) => SAMPLES[m] !== undefined);

describe('IPC request schemas', () => {
  test('each method accepts its sample request', () => {
    for (const m of METHODS) {
      const r = validate(CONTRACT[m].request, SAMPLES[m]);
      assert.ok(r.ok, `${m}: ${JSON.stringify(!r.ok && r.issues)}`);
    }
  });

  test('an unknown key is refused by name everywhere', () => {
    for (const m of METHODS) {
      const r = validate(CONTRACT[m].request, { ...(SAMPLES[m] as object | undefined), sneaky: 1 });
      assert.equal(r.ok, false, m);
      if (!r.ok) assert.ok(r.issues.some((i) => i.pointer === '/sneaky' && i.code === 'unknown_field'), `${m}: ${JSON.stringify(r.issues)}`);
    }
  });

  test('a value of the wrong JSON type in any field is refused at that field', () => {
    const swap = (x: unknown): unknown => (typeof x === 'string' ? 12345 : typeof x === 'number' ? '12' : typeof x === 'boolean' ? 'true' : null);
    for (const m of objectSamples) {
      for (const key of Object.keys(SAMPLES[m] as object)) {
        const original = (SAMPLES[m] as Record<string, unknown>)[key];
        const wrong = Array.isArray(original) ? { 0: original[0] } : typeof original === 'object' && original !== null ? [original] : swap(original);
        if (wrong === null) continue;
        const r = validate(CONTRACT[m].request, { ...(SAMPLES[m] as object), [key]: wrong });
        assert.equal(r.ok, false, `${m}.${key} = ${JSON.stringify(wrong)}`);
        if (!r.ok) {
          assertRefusedWithReasons(r.issues, `${m}.${key}`);
          assert.ok(r.issues.some((i) => i.pointer.startsWith(`/${key}`)), `${m}.${key}: ${JSON.stringify(r.issues)}`);
        }
      }
    }
  });

  test('identifiers the bank issues are checked as UUIDs', () => {
    const cases: [Method, string][] = [
      ['setDefaultTerminal', 'terminalId'], ['charge', 'terminalId'], ['resend', 'attemptId'], ['chargeAgain', 'attemptId'],
      ['lockCard', 'cardId'], ['renameCard', 'cardId'], ['getClient', 'clientId'],
    ];
    for (const [m, key] of cases) {
      for (const bad of ['card-1', '../../etc/passwd', '3f2c1d4e5b6a4c7d8e9f0a1b2c3d4e5f', '3f2c1d4e-5b6a-4c7d-8e9f-0a1b2c3d4e5g', '']) {
        const r = validate(CONTRACT[m].request, { ...(SAMPLES[m] as object), [key]: bad });
        assert.equal(r.ok, false, `${m}.${key} = ${bad}`);
        if (!r.ok) assert.equal(r.issues[0]?.pointer, `/${key}`);
      }
    }
    const list = validate(CONTRACT.listCards.request, { ids: ['not-a-uuid'] });
    assert.equal(!list.ok && list.issues[0]?.pointer, '/ids/0');
  });
});

describe('a megabyte in any text', () => {
  const huge = 'a@'.repeat(MB / 2) + '.';

  test('is refused at that field, quickly, on the IPC path and by the schema alone', () => {
    let cases = 0;
    for (const m of objectSamples) {
      for (const leaf of leaves(SAMPLES[m]).filter((l) => typeof l.value === 'string')) {
        const input = replaced(SAMPLES[m], leaf.path, huge);
        const ipc = timed(() => validate(CONTRACT[m].request, input));
        const schema = timed(() => v.safeParse(CONTRACT[m].request, input, { abortPipeEarly: true }));
        assert.equal(ipc.value.ok, false, `${m} ${pointer(leaf.path)}`);
        assert.equal(schema.value.success, false, `${m} ${pointer(leaf.path)}`);
        if (!ipc.value.ok) {
          assertRefusedWithReasons(ipc.value.issues, `${m} ${pointer(leaf.path)}`);
          assert.ok(ipc.value.issues.some((i) => i.pointer.startsWith(pointer(leaf.path))), JSON.stringify(ipc.value.issues));
        }
        assert.ok(ipc.ms < FAST_MS && schema.ms < FAST_MS, `${m} ${pointer(leaf.path)}: ${ipc.ms.toFixed(1)} / ${schema.ms.toFixed(1)} ms`);
        cases++;
      }
    }
    assert.ok(cases > 40, `only ${cases} text fields were tried`);
  });

  test('as the whole request, or as a key, is refused quickly', () => {
    for (const m of METHODS) {
      for (const input of [huge, { [huge]: 1 }]) {
        const { value, ms } = timed(() => validate(CONTRACT[m].request, input));
        assert.equal(value.ok, false, m);
        assert.ok(ms < FAST_MS, `${m}: ${ms.toFixed(1)} ms`);
      }
    }
  });

  test('the event loop stays free: a megabyte through every validator, with a timer waiting', async () => {
    const lag: number[] = [];
    let last = performance.now();
    const tick = setInterval(() => {
      const now = performance.now();
      lag.push(now - last);
      last = now;
    }, 5);
    for (const m of METHODS) {
      validate(CONTRACT[m].request, { email: huge, name: huge, query: huge, pin: huge, metadata: { note: huge } });
      await new Promise((r) => setImmediate(r));
    }
    clearInterval(tick);
    assert.ok(Math.max(0, ...lag) < 10 * FAST_MS, `longest gap between 5 ms timers: ${Math.max(...lag).toFixed(0)} ms`);
  });
});

describe('values that are not plain JSON', () => {
  class Basket { items = 1; }
  const cyclic: Record<string, unknown> = { a: 1 };
  cyclic.self = cyclic;
  const getter = Object.defineProperty({}, 'x', { get: () => { throw new Error('ran sender code'); }, enumerable: true });
  const cases: [string, unknown, string, RegExp][] = [
    ['Date', { when: new Date(0) }, '/metadata/when', /date object/],
    ['Map', { m: new Map([[1, 2]]) }, '/metadata/m', /Map/],
    ['Set', { s: new Set([1]) }, '/metadata/s', /Set/],
    ['Uint8Array', { bytes: new Uint8Array(4) }, '/metadata/bytes', /binary/],
    ['BigInt', { n: 10n }, '/metadata/n', /BigInt/],
    ['function', { f: () => 1 }, '/metadata/f', /function/],
    ['class instance', { b: new Basket() }, '/metadata/b', /instance of Basket/],
    ['cycle', cyclic, '/metadata/self', /cycle/],
    ['NaN', { x: NaN }, '/metadata/x', /not a JSON number/],
    ['Infinity', { x: [Infinity] }, '/metadata/x/0', /not a JSON number/],
    ['getter', getter, '/metadata/x', /computed property/],
    ['symbol key', { [Symbol('s')]: 1 }, '/metadata', /symbol/],
  ];

  for (const [name, metadata, at, why] of cases) {
    test(`${name} in metadata is refused with where and why, without a throw`, () => {
      const r = validate(CONTRACT.charge.request, { ...SAMPLES.charge, metadata });
      assert.equal(r.ok, false);
      if (r.ok) return;
      assert.equal(r.issues[0]?.pointer, at, JSON.stringify(r.issues));
      assert.match(r.issues[0]!.detail, why);
    });
  }

  test('a 6 000-deep (and a 200 000-deep) object is refused before any recursion', () => {
    for (const depth of [6_000, 200_000]) {
      let deep: Record<string, unknown> = {};
      for (let i = 0; i < depth; i++) deep = { d: deep };
      for (const m of METHODS) {
        const r = validate(CONTRACT[m].request, { ...(SAMPLES[m] as object | undefined), metadata: deep });
        assert.equal(r.ok, false, m);
        if (!r.ok) assertRefusedWithReasons(r.issues, m);
      }
      const r = validate(CONTRACT.charge.request, { ...SAMPLES.charge, metadata: deep });
      assert.equal(!r.ok && r.issues[0]?.code, 'too_deep');
    }
  });

  test('a shared (not cyclic) object is fine', () => {
    const shared = { k: 'v' };
    assert.ok(validate(CONTRACT.charge.request, { ...SAMPLES.charge, metadata: { a: shared, b: shared } }).ok);
  });
});

describe('generated payloads (fast-check)', () => {
  const anyValue = fc.anything({
    withBigInt: true, withDate: true, withMap: true, withSet: true, withTypedArray: true, withNullPrototype: true,
    withObjectString: true, withBoxedValues: true, withSparseArray: true, maxDepth: 6,
  });

  test('nothing makes a validator throw; every refusal says where and why', () => {
    for (const m of METHODS) {
      fc.assert(fc.property(anyValue, (input) => {
        const r = validate(CONTRACT[m].request, input);
        if (!r.ok) assertRefusedWithReasons(r.issues, m);
      }), { numRuns: 150 });
    }
  });

  test('a sample with one field replaced by anything is either valid or refused at that field', () => {
    for (const m of objectSamples) {
      const keys = Object.keys(SAMPLES[m] as object);
      fc.assert(fc.property(fc.constantFrom(...keys), anyValue, (key, value) => {
        const r = validate(CONTRACT[m].request, { ...(SAMPLES[m] as object), [key]: value });
        if (!r.ok) {
          assertRefusedWithReasons(r.issues, `${m}.${key}`);
          assert.ok(r.issues.every((i) => i.pointer.startsWith(`/${key}`) || i.pointer === '/to'), `${m}.${key}: ${JSON.stringify(r.issues)}`);
        }
      }), { numRuns: 60 });
    }
  });

  test('valid charges are accepted as sent', () => {
    const metadata = fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 6 })
      .filter((m) => new TextEncoder().encode(JSON.stringify(m)).length <= 1024);
    fc.assert(fc.property(fc.uuid(), fc.integer({ min: 10, max: 10_000_000 }), metadata, (terminalId, amountMinor, meta) => {
      const req = { terminalId, amountMinor, currency: 'EUR', metadata: meta };
      const r = validate(CONTRACT.charge.request, req);
      assert.ok(r.ok, JSON.stringify(!r.ok && r.issues));
      assert.deepEqual(r.value, req);
    }), { numRuns: 300 });
  });

  test('valid card restrictions, day ranges and PINs are accepted', () => {
    fc.assert(fc.property(
      fc.uuid(), fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { maxLength: 7 }),
      fc.date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }), fc.integer({ min: 0, max: 400 }),
      fc.stringMatching(/^[0-9]{4,8}$/),
      (cardId, days, start, span, pin) => {
        assert.ok(validate(CONTRACT.setCardRestrictions.request, { cardId, active_days: days, categories: [] }).ok);
        const from = start.toISOString().slice(0, 10);
        const to = new Date(start.getTime() + span * 86_400_000).toISOString().slice(0, 10);
        assert.ok(validate(CONTRACT.exportJournal.request, { from, to }).ok, `${from}..${to}`);
        assert.ok(validate(CONTRACT.unlockManager.request, { pin }).ok);
      },
    ), { numRuns: 200 });
  });
});
