/**
 * Is this untrusted value plain JSON of a bounded size? Electron's IPC carries
 * anything structured clone can (a Date, a Map, a Uint8Array, a BigInt, a
 * cycle, a 6 000-deep object), and each of those either breaks JSON.stringify,
 * blows the stack of a recursive check, or is journaled as something that
 * cannot be read back. This walk runs first, without recursion, and stops at
 * the first problem, naming where it is and why, so later checks (schemas,
 * JSON.stringify, byte counts) only ever see small plain JSON.
 */
import type { FieldIssue } from '../result.js';

export interface JsonLimits {
  /** Nesting of objects and arrays; the top value is depth 0. */
  maxDepth: number;
  /** Values counted (objects, arrays, primitives), keys included. */
  maxNodes: number;
  /** Longest text value or key, in UTF-16 units: any field's own limit is far lower. */
  maxStringLength: number;
}

/** For IPC requests: generous for every real request, small enough to walk in microseconds. */
export const IPC_LIMITS: JsonLimits = { maxDepth: 16, maxNodes: 5_000, maxStringLength: 16_384 };

const escape = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** Names what a non-JSON value is, in words a developer reading the log recognises. */
function kindOf(value: object): string {
  if (value instanceof Date) return 'a date object (send it as text, e.g. "2026-01-31T10:00:00Z")';
  if (value instanceof Map) return 'a Map';
  if (value instanceof Set) return 'a Set';
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return 'binary data';
  if (value instanceof RegExp) return 'a regular expression';
  if (value instanceof Error) return 'an error object';
  const name = (Object.getPrototypeOf(value) as { constructor?: { name?: unknown } } | null)?.constructor?.name;
  return typeof name === 'string' && name ? `an instance of ${name}` : 'an object that is not plain JSON';
}

function primitiveProblem(value: unknown): string | null {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return null;
    case 'number':
      return Number.isFinite(value) ? null : `${String(value)} is not a JSON number`;
    case 'bigint':
      return 'a BigInt cannot be written as JSON (send it as text)';
    case 'function':
      return 'a function is not data';
    case 'symbol':
      return 'a symbol is not data';
    case 'undefined':
      return null;
    default:
      return null;
  }
}

function isPlainContainer(value: object): boolean {
  if (Array.isArray(value)) return Object.getPrototypeOf(value) === Array.prototype;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/** Where a value sits: its container's place and its key there. Turned into a pointer only for a refusal. */
interface Place {
  parent: Place | null;
  key: string;
}

/** Entering a value, or leaving a container once all its members were walked (it stops being an ancestor). */
type Frame = { value: unknown; place: Place | null; depth: number; leave?: undefined } | { leave: object };

function pointerOf(base: string, place: Place | null): string {
  const keys: string[] = [];
  for (let p = place; p; p = p.parent) keys.push(escape(p.key));
  return keys.length ? `${base}/${keys.reverse().join('/')}` : base;
}

/**
 * The first reason `value` is not plain JSON within `limits`, or null. Object
 * members holding undefined are accepted (JSON leaves them out, as an absent
 * optional field); undefined inside an array is not.
 */
export function plainJsonIssue(value: unknown, limits: JsonLimits = IPC_LIMITS, base = ''): FieldIssue | null {
  const fail = (place: Place | null, code: string, detail: string): FieldIssue => ({ pointer: pointerOf(base, place) || '/', code, detail });
  const stack: Frame[] = [{ value, place: null, depth: 0 }];
  const open = new Set<object>();
  let nodes = 0;
  while (stack.length > 0) {
    const frame = stack.pop()!;
    if (frame.leave) {
      open.delete(frame.leave);
      continue;
    }
    const { value: v, place, depth } = frame;
    if (++nodes > limits.maxNodes) return fail(null, 'too_large', `holds more than ${limits.maxNodes} values in all`);
    if (typeof v === 'string') {
      if (v.length > limits.maxStringLength) return fail(place, 'too_long', `text of ${v.length} characters is over the limit of ${limits.maxStringLength} for any field`);
      continue;
    }
    if (typeof v !== 'object' || v === null) {
      const problem = primitiveProblem(v);
      if (problem) return fail(place, 'not_json', problem);
      continue;
    }
    if (!isPlainContainer(v)) return fail(place, 'not_json', `${kindOf(v)} is not plain JSON`);
    if (depth >= limits.maxDepth) return fail(place, 'too_deep', `nested more than ${limits.maxDepth} levels deep`);
    // A cycle can only be met again below itself; siblings sharing one object are fine.
    if (open.has(v)) return fail(place, 'cycle', 'refers back to itself (a cycle cannot be written as JSON)');
    open.add(v);
    stack.push({ leave: v });
    const problem = containerProblem(v, place, depth, stack, limits, fail);
    if (problem) return problem;
  }
  return null;
}

/**
 * A list JSON writes as it is: every index present and nothing else on it (a hole comes back as
 * null, a named property not at all). Counting keys alone misses a hole beside a named property.
 */
export function isDenseList(list: readonly unknown[], keys: readonly string[] = Object.keys(list)): boolean {
  return keys.length === list.length && keys.every((k, i) => k === String(i));
}

function containerProblem(
  v: object, place: Place | null, depth: number, stack: Frame[], limits: JsonLimits,
  fail: (place: Place | null, code: string, detail: string) => FieldIssue,
): FieldIssue | null {
  if (Object.getOwnPropertySymbols(v).length > 0) return fail(place, 'not_json', 'has symbol keys, which JSON cannot hold');
  const keys = Object.keys(v);
  if (keys.length > limits.maxNodes) return fail(place, 'too_large', `holds more than ${limits.maxNodes} entries`);
  const isArray = Array.isArray(v);
  if (isArray && !isDenseList(v, keys)) return fail(place, 'not_json', 'is a list with holes or extra properties');
  for (const key of keys) {
    if (key.length > limits.maxStringLength) return fail(place, 'too_long', `a key of ${key.length} characters is over the limit`);
    const desc = Object.getOwnPropertyDescriptor(v, key);
    const child: Place = { parent: place, key };
    // Reading a getter would run code the sender chose.
    if (!desc || !('value' in desc)) return fail(child, 'not_json', 'is a computed property, not data');
    if (desc.value === undefined && isArray) return fail(child, 'not_json', 'undefined is not a JSON value');
    if (desc.value !== undefined) stack.push({ value: desc.value, place: child, depth: depth + 1 });
  }
  return null;
}
