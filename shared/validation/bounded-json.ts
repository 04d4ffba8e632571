/**
 * JSON read from disk or the network, parsed only when small enough and
 * handed on only when shallow enough. A damaged file or a hostile server can
 * hold a line of many megabytes or an object 6 000 levels deep: JSON.parse
 * copes, but every record validator and unwrap after it recurses. So the text
 * length is checked before parsing and the parsed value walked once, without
 * recursion, by the same check the IPC requests pass (plainJsonIssue).
 */
import { plainJsonIssue, type JsonLimits } from './plain-json.js';

/**
 * For journal records, settings files and bank answers: far above any real one
 * (a 100-item page with full metadata is some 100 000 values, metadata nests
 * about 20 levels below a record), far below what would hurt to walk.
 */
export const DOCUMENT_LIMITS: JsonLimits = { maxDepth: 32, maxNodes: 500_000, maxStringLength: 1024 * 1024 };

/**
 * What JSON.parse returns can only be plain objects, dense arrays, text, finite numbers,
 * booleans and null, with no cycle, getter or symbol: of plainJsonIssue's checks only the
 * limits remain, counted the same way (every value once, depth on containers, every text
 * and key by length). No pointers are built: this runs on every journal record written and
 * every bank answer, and a document over a limit is walked again by plainJsonIssue to say where.
 */
function withinLimits(root: unknown, limits: JsonLimits): boolean {
  const { maxDepth, maxNodes, maxStringLength } = limits;
  if (typeof root !== 'object' || root === null) return typeof root !== 'string' || root.length <= maxStringLength;
  const containers: object[] = [root];
  const depths: number[] = [0];
  let nodes = 1;
  while (containers.length > 0) {
    const v = containers.pop() as Record<string, unknown> | unknown[];
    const depth = depths.pop() as number;
    if (depth >= maxDepth) return false;
    let children: unknown[];
    if (Array.isArray(v)) children = v;
    else {
      const keys = Object.keys(v);
      children = new Array<unknown>(keys.length);
      for (let i = 0; i < keys.length; i++) {
        const key = keys[i] as string;
        if (key.length > maxStringLength) return false;
        children[i] = v[key];
      }
    }
    nodes += children.length;
    if (nodes > maxNodes) return false;
    for (const child of children) {
      if (typeof child === 'string') {
        if (child.length > maxStringLength) return false;
      } else if (typeof child === 'object' && child !== null) {
        containers.push(child);
        depths.push(depth + 1);
      }
    }
  }
  return true;
}

/** `limit` tells a refusal for size or depth from text that is simply not JSON. */
export type BoundedJson = { ok: true; value: unknown } | { ok: false; limit: boolean; reason: string };

/** Parses `text` when it is at most `maxChars` long and the result within `limits`; otherwise says why not. */
export function parseBoundedJson(text: string, maxChars: number, limits: JsonLimits = DOCUMENT_LIMITS): BoundedJson {
  if (text.length > maxChars) {
    return { ok: false, limit: true, reason: `too large: ${text.length} characters, over the limit of ${maxChars}` };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return { ok: false, limit: false, reason: `not valid JSON: ${(e as Error).message}` };
  }
  // Within limits is the common case and is checked by the fast walk; only a refusal pays for the full one that names the place.
  const issue = withinLimits(value, limits) ? null : plainJsonIssue(value, limits);
  if (issue) return { ok: false, limit: true, reason: `${issue.code === 'too_deep' ? 'too deep' : 'too large'}: ${issue.pointer.slice(0, 80)} ${issue.detail}` };
  return { ok: true, value };
}
