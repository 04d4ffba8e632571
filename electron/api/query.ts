/**
 * Query strings in the bank's Rails-style shape: arrays as repeated `key[]=`
 * entries and filters as `filter[name]=`. Brackets stay literal (the provider's
 * docs and logs show them that way); everything else is percent-encoded.
 */
export type QueryScalar = string | number | boolean;
export type QueryValue = QueryScalar | readonly QueryScalar[] | null | undefined;
/** Insertion order is kept, so logs and tests read predictably. */
export type QueryParams = Readonly<Record<string, QueryValue>>;

const encodeKey = (key: string): string => encodeURIComponent(key).replace(/%5B/gi, '[').replace(/%5D/gi, ']');

/** '' when nothing is set, otherwise '?a=1&b[]=x&b[]=y'. null/undefined and empty arrays are left out. */
export function buildQuery(params: QueryParams = {}): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      const arrayKey = encodeKey(key.endsWith('[]') ? key : `${key}[]`);
      for (const item of value as readonly QueryScalar[]) parts.push(`${arrayKey}=${encodeURIComponent(String(item))}`);
    } else {
      parts.push(`${encodeKey(key)}=${encodeURIComponent(String(value))}`);
    }
  }
  return parts.length ? `?${parts.join('&')}` : '';
}
