export type JsonPrimitive = string | number | boolean | null;
export type JsonValue = JsonPrimitive | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Size in bytes of the UTF-8 JSON encoding, which is what the bank measures. */
export function jsonByteLength(value: unknown): number {
  return utf8Length(JSON.stringify(value) ?? '');
}

/** UTF-8 length counted, not encoded (every charge's metadata is measured): a lone surrogate encodes as U+FFFD, 3 bytes. */
export function utf8Length(text: string): number {
  let bytes = text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) continue;
    if (c < 0x800) bytes += 1;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 2; // a pair: two code units, four bytes
      i++;
    } else bytes += 2;
  }
  return bytes;
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
  // Defined, not assigned: a key named "__proto__" is data like any other, never the copy's prototype.
  return Object.freeze(Object.fromEntries(Object.keys(value).map((key) => [key, frozenJsonCopy((value as Record<string, unknown>)[key])]))) as T;
}
