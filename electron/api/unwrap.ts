/**
 * Minimal checks on success bodies: the wrapper key exists and has the right
 * type, list items are objects, and the pagination meta holds the numbers the
 * caller will follow. Anything else is an 'unexpected_response' naming what is off.
 */
import type { Page, PageMeta } from '../../shared/domain/bank.js';
import { isPlainObject } from '../../shared/json.js';
import type { HttpResponse } from './http.js';
import { unexpectedResponse } from './response.js';
import type { BankApiError } from './errors.js';

function fail(res: HttpResponse, problem: string): BankApiError {
  return unexpectedResponse(res, problem, { status: res.status, ...(res.traceId ? { traceId: res.traceId } : {}) });
}

function wrapper(res: HttpResponse, key: string): Record<string, unknown> {
  if (isPlainObject(res.body)) return res.body;
  const got = res.body === null ? 'an empty body' : Array.isArray(res.body) ? 'a list' : typeof res.body;
  throw fail(res, `expected a JSON object with "${key}", got ${got}`);
}

/** `{ <key>: { … } }` → the inner object. */
export function unwrapObject<T>(res: HttpResponse, key: string): T {
  const inner = wrapper(res, key)[key];
  if (!isPlainObject(inner)) throw fail(res, `expected "${key}" to be an object in the bank's answer, got ${inner === undefined ? 'nothing' : JSON.stringify(inner)?.slice(0, 80)}`);
  return inner as T;
}

const isPageNumber = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

function meta(res: HttpResponse, raw: unknown): PageMeta {
  if (!isPlainObject(raw)) throw fail(res, 'expected a "meta" object with the pagination');
  for (const k of ['current_page', 'total_pages', 'total_count', 'per_page'] as const) {
    if (!isPageNumber(raw[k])) throw fail(res, `meta.${k} must be a whole number, got ${JSON.stringify(raw[k])}`);
  }
  for (const k of ['next_page', 'prev_page'] as const) {
    if (raw[k] !== null && raw[k] !== undefined && !isPageNumber(raw[k])) throw fail(res, `meta.${k} must be a page number or null, got ${JSON.stringify(raw[k])}`);
  }
  // Pages start at 1: the real API sends next_page 0, or leaves it out, on an empty list (docs/bank-api.md, Pagination); both mean "none".
  const page = (v: unknown) => (isPageNumber(v) && v > 0 ? v : null);
  return { ...raw, next_page: page(raw.next_page), prev_page: page(raw.prev_page) } as PageMeta;
}

/** `{ <key>: [ … ], meta: { … } }` → Page. */
export function unwrapPage<T>(res: HttpResponse, key: string): Page<T> {
  const body = wrapper(res, key);
  const items = body[key];
  if (!Array.isArray(items)) throw fail(res, `expected "${key}" to be a list in the bank's answer`);
  const bad = items.findIndex((x) => !isPlainObject(x) || typeof x.id !== 'string');
  if (bad >= 0) throw fail(res, `${key}[${bad}] is not an object with a text id`);
  return { items: items as T[], meta: meta(res, body.meta) };
}
