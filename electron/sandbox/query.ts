/**
 * Query-string readers for list endpoints. A bad value is a 400 naming the
 * parameter (source.parameter), never silently ignored.
 */
import type { PageMeta } from '../../shared/domain/bank.js';
import { badParameter } from './http-util.js';

export const MAX_PER_PAGE = 100;

function intParam(url: URL, name: string, min: number, max: number, fallback: number): number {
  const raw = url.searchParams.get(name);
  if (raw === null) return fallback;
  const n = /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(n) || n < min || n > max) {
    throw badParameter(name, 'invalid', `${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
  }
  return n;
}

export interface PageRequest {
  page: number;
  perPage: number;
}

/** page default 1; per_page default and maximum 100 (docs/bank-api.md, Pagination). Over the maximum is rejected, not clamped. */
export function readPage(url: URL): PageRequest {
  return { page: intParam(url, 'page', 1, Number.MAX_SAFE_INTEGER, 1), perPage: intParam(url, 'per_page', 1, MAX_PER_PAGE, MAX_PER_PAGE) };
}

export function paginate<T>(items: readonly T[], { page, perPage }: PageRequest): { items: T[]; meta: PageMeta } {
  const totalPages = Math.ceil(items.length / perPage);
  return {
    items: items.slice((page - 1) * perPage, page * perPage),
    meta: {
      current_page: page,
      next_page: page < totalPages ? page + 1 : null,
      prev_page: page > 1 ? page - 1 : null,
      total_pages: totalPages,
      total_count: items.length,
      per_page: perPage,
    },
  };
}

/** A repeatable `name[]` parameter; with `allowed`, every value must be in it. */
export function arrayParam(url: URL, name: string, allowed?: readonly string[]): string[] {
  const values = url.searchParams.getAll(`${name}[]`);
  for (const v of values) {
    if (allowed && !allowed.includes(v)) throw badParameter(`${name}[]`, 'not_in_list', `"${v}" is not one of: ${allowed.join(', ')}`);
  }
  return values;
}

export function oneOfParam<T extends string>(url: URL, name: string, allowed: readonly T[], fallback: T): T {
  const raw = url.searchParams.get(name);
  if (raw === null) return fallback;
  if (!(allowed as readonly string[]).includes(raw)) throw badParameter(name, 'not_in_list', `${name} must be one of: ${allowed.join(', ')}`);
  return raw as T;
}

/** `field:asc|desc` sort parameter. */
export function sortParam<F extends string>(url: URL, fields: readonly F[], fallback: `${F}:${'asc' | 'desc'}`): { field: F; desc: boolean } {
  const allowed = fields.flatMap((f) => [`${f}:asc`, `${f}:desc`] as const);
  const value = oneOfParam(url, 'sort_by', allowed, fallback);
  const [field, order] = value.split(':') as [F, string];
  return { field, desc: order === 'desc' };
}

/** Compares strings as the provider's search does: case- and accent-insensitive. */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

const order = (x: string, y: string): number => (x < y ? -1 : x > y ? 1 : 0);

export function compareBy<T>(key: (item: T) => string, desc: boolean, tieBreak: (item: T) => string): (a: T, b: T) => number {
  return (a, b) => {
    const c = order(key(a), key(b));
    if (c !== 0) return desc ? -c : c;
    return order(tieBreak(a), tieBreak(b));
  };
}
