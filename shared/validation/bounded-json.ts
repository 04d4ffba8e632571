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
  const issue = plainJsonIssue(value, limits);
  if (issue) return { ok: false, limit: true, reason: `${issue.code === 'too_deep' ? 'too deep' : 'too large'}: ${issue.pointer.slice(0, 80)} ${issue.detail}` };
  return { ok: true, value };
}
