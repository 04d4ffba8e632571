/**
 * An attempt's metadata, proven to come back from the journal unchanged. A new attempt keeps a
 * private frozen copy of what the cashier's request carried; the copy is made and proven in one
 * walk (provenMetadataCopy): every value read once, checked against the limits the read-back
 * applies (terminal-payment.ts) and against what JSON keeps, and only what passed is copied.
 * A Charge used to walk the same few keys four times before its first fsync (the check of the
 * request, the copy, the journal's limits and its exactness); now once, and each later record
 * of the attempt finds the proof here. Sound, not complete: null sends the metadata the old
 * way (metadataIssues names the problem; the journal's full read-back has the last word).
 */
import { isObject, isProvenMetadata, markProvenMetadata, plainList } from '../../shared/validation/proven-metadata.js';
import { metadataIssues } from '../../shared/validation/terminal-payment.js';

export { isObject, isProvenMetadata, plainList, provenMetadataCopy } from '../../shared/validation/proven-metadata.js';

/** Metadata the journal may write as it is: proven already, or walked now (and remembered when nothing can change it). */
export function exactMetadata(v: unknown): boolean {
  if (!isObject(v)) return false;
  if (isProvenMetadata(v)) return true;
  // The walk with its limits first: it bounds the depth exactJson then recurses into.
  if (metadataIssues(v).length > 0 || !exactJson(v)) return false;
  if (deepFrozen(v)) markProvenMetadata(v);
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

