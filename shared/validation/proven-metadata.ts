/**
 * A cashier's metadata, copied and proven in one walk: every value read once, checked against
 * the limits the journal's read-back applies and against what JSON keeps, frozen, and
 * remembered as proven. The window's Charge request is checked this way (quick-charge.ts), so
 * the payment engine, which proves what every other caller hands it, finds the proof here
 * instead of walking the same keys again while the cashier waits. Sound, not complete: null
 * leaves the metadata to the long way (metadataIssues names the problem). The journal asks
 * exactMetadata of every attempt it writes: proven, or walked then (and remembered when frozen).
 * Only the two walks here can mark metadata proven.
 */
import { isDenseList } from './plain-json.js';
import { MAX_METADATA_BYTES, METADATA_LIMITS, metadataIssues, vouchForMetadata } from './terminal-payment.js';
import { utf8Length, type JsonObject } from '../json.js';

type Fields = Record<string, unknown>;

export const isObject = (v: unknown): v is Fields => typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype;

/** An ordinary list JSON writes as it is (see isDenseList). */
export const plainList = (v: unknown): v is unknown[] => Array.isArray(v) && Object.getPrototypeOf(v) === Array.prototype && isDenseList(v);

/**
 * Metadata proven exact and frozen all the way down: it cannot have changed since, so every
 * record holding it skips its walk.
 */
const provenMetadata = new WeakSet<object>();

export const isProvenMetadata = (v: unknown): boolean => typeof v === 'object' && v !== null && provenMetadata.has(v);

const NOT = Symbol('not exact');

/**
 * A frozen copy of `value`, proven: within METADATA_LIMITS and MAX_METADATA_BYTES, and exact JSON data
 * (what exactMetadata accepts). null when any value is not (the caller then checks and copies the old way).
 * Whatever `value` is (getters, proxies), the proof is of the copy: each value is read once, and what
 * was read is what is checked and kept.
 */
export function provenMetadataCopy(value: unknown): JsonObject | null {
  const budget = { nodes: METADATA_LIMITS.maxNodes };
  const copy = isObject(value) ? copyExact(value, 0, budget) : NOT;
  if (copy === NOT || !isObject(copy) || utf8Length(JSON.stringify(copy)) > MAX_METADATA_BYTES) return null;
  provenMetadata.add(copy);
  // Each send of the attempt checks its metadata again (the client's own rules): the proof holds for those too.
  vouchForMetadata(copy);
  return copy as JsonObject;
}

/** Depth and node count as plainJsonIssue counts them: every value is a node, a container's depth is bounded. */
function copyExact(v: unknown, depth: number, budget: { nodes: number }): unknown {
  if (--budget.nodes < 0) return NOT;
  switch (typeof v) {
    case 'string':
      return v.length <= METADATA_LIMITS.maxStringLength ? v : NOT;
    case 'boolean':
      return v;
    case 'number':
      return Number.isFinite(v) && !Object.is(v, -0) ? v : NOT;
    case 'object':
      if (v === null) return null;
      break;
    default:
      return NOT;
  }
  if (depth >= METADATA_LIMITS.maxDepth) return NOT;
  if (Array.isArray(v)) {
    if (!plainList(v)) return NOT;
    const list: unknown[] = [];
    for (let i = 0; i < v.length; i++) {
      const item = copyExact(v[i], depth + 1, budget);
      if (item === NOT) return NOT;
      list.push(item);
    }
    return Object.freeze(list);
  }
  if (!isObject(v) || Object.getOwnPropertySymbols(v).length > 0) return NOT;
  const out: Fields = {};
  for (const key of Object.keys(v)) {
    const desc = key.length <= METADATA_LIMITS.maxStringLength ? Object.getOwnPropertyDescriptor(v, key) : undefined;
    if (!desc || !('value' in desc)) return NOT;
    const item = copyExact(desc.value, depth + 1, budget);
    if (item === NOT) return NOT;
    // A key named "__proto__" is data like any other, never the copy's prototype: defined, not assigned.
    if (key === '__proto__') Object.defineProperty(out, key, { value: item, enumerable: true, writable: true, configurable: true });
    else out[key] = item;
  }
  return Object.freeze(out);
}

/** Metadata the journal may write as it is: proven already, or walked now (and remembered when nothing can change it). */
export function exactMetadata(v: unknown): boolean {
  if (!isObject(v)) return false;
  if (isProvenMetadata(v)) return true;
  // The walk with its limits first: it bounds the depth exactJson then recurses into.
  if (metadataIssues(v).length > 0 || !exactJson(v)) return false;
  if (deepFrozen(v)) provenMetadata.add(v);
  return true;
}

function deepFrozen(v: unknown): boolean {
  if (typeof v !== 'object' || v === null) return true;
  return Object.isFrozen(v) && Object.values(v).every(deepFrozen);
}

/** JSON data JSON.parse would rebuild deep-equal: plain objects and dense arrays, finite numbers other than -0, no undefined. */
export function exactJson(v: unknown): boolean {
  switch (typeof v) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      return Number.isFinite(v) && !Object.is(v, -0);
    case 'object':
      if (v === null) return true;
      if (Array.isArray(v)) return plainList(v) && v.every(exactJson);
      if (!isObject(v) || Object.getOwnPropertySymbols(v).length > 0) return false;
      for (const key of Object.keys(v)) {
        const desc = Object.getOwnPropertyDescriptor(v, key);
        if (!desc || !('value' in desc) || !exactJson(desc.value)) return false;
      }
      return true;
    default:
      return false;
  }
}

