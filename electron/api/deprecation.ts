/**
 * Deprecation signals on a response: Sunset (RFC 8594, an HTTP date),
 * Deprecation (RFC 9745, a structured-field date `@<unix seconds>`) and Link
 * with rel="successor-version". They become a DeprecationNotice for the app state.
 */
import type { DeprecationNotice } from '../../shared/ipc/types.js';
import { header, type ResponseHeaders } from './headers.js';
import { parseHttpDate } from './http-date.js';
import { parseLinkHeader } from './link-header.js';

const SF_DATE = /^@(-?\d{1,15})$/;

/**
 * RFC 9745 says `@<seconds>`. Earlier drafts sent `true` or an HTTP date; servers
 * still in the wild do, so both are read too (true = deprecated, date unknown).
 */
export function parseDeprecationHeader(value: string): { deprecated: boolean; since: number | null } {
  const v = value.trim();
  const sf = SF_DATE.exec(v);
  if (sf) return { deprecated: true, since: Number(sf[1]) * 1000 };
  if (v.toLowerCase() === 'true') return { deprecated: true, since: null };
  const date = parseHttpDate(v);
  return date === null ? { deprecated: false, since: null } : { deprecated: true, since: date };
}

/** The successor-version link, made absolute against the API base URL. */
export function successorFromLink(value: string | undefined, baseUrl: string): string | null {
  if (!value) return null;
  const link = parseLinkHeader(value).find((l) => l.rels.includes('successor-version'));
  if (!link) return null;
  try {
    return new URL(link.href, `${baseUrl}/`).toString();
  } catch {
    return null;
  }
}

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

/** Null when the response carries neither Sunset nor a readable Deprecation header. */
export function deprecationNotice(headers: ResponseHeaders, route: string, baseUrl: string, nowMs: number): DeprecationNotice | null {
  const sunsetRaw = header(headers, 'sunset');
  const deprecationRaw = header(headers, 'deprecation');
  const deprecation = deprecationRaw === undefined ? null : parseDeprecationHeader(deprecationRaw);
  if (sunsetRaw === undefined && !deprecation?.deprecated) return null;
  return {
    route,
    sunset: iso(sunsetRaw === undefined ? null : parseHttpDate(sunsetRaw)),
    deprecatedSince: iso(deprecation?.since ?? null),
    successor: successorFromLink(header(headers, 'link'), baseUrl),
    seenAt: nowMs,
  };
}
