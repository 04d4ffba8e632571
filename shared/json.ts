export type JsonPrimitive = string | number | boolean | null;
export type JsonValue = JsonPrimitive | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Size in bytes of the UTF-8 JSON encoding, which is what the bank measures. */
export function jsonByteLength(value: unknown): number {
  return new TextEncoder().encode(JSON.stringify(value)).length;
}

/**
 * A deep copy of checked plain JSON data (what plainJsonIssue accepts), every object and list
 * in it frozen: an attempt's metadata once journaled can then never change under the journal,
 * which lets the journal prove it exact once (exact-record.ts). Objects come out with the
 * ordinary prototype, as structuredClone would make them. Recursion is bounded by the depth
 * limit the data was checked against.
 */
export function frozenJsonCopy<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return Object.freeze(value.map(frozenJsonCopy)) as T;
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) copy[key] = frozenJsonCopy((value as Record<string, unknown>)[key]);
  return Object.freeze(copy) as T;
}
