/** Reading undici's response headers (lower-case names; repeated headers arrive as arrays). */
import type { IncomingHttpHeaders } from 'node:http';

export type ResponseHeaders = IncomingHttpHeaders | Record<string, string | string[] | undefined>;

/** Repeated fields are joined with ", " as RFC 9110 §5.3 allows for list-valued fields. */
export function header(headers: ResponseHeaders, name: string): string | undefined {
  const v = headers[name.toLowerCase()];
  if (v === undefined) return undefined;
  return Array.isArray(v) ? v.join(', ') : v;
}
