/** A validation problem, shaped like the bank's error items so both can be shown the same way. */
export interface FieldIssue {
  /** JSON pointer to the field, e.g. "/amount/value" or "/billing_address/zip_code". */
  pointer: string;
  /** Machine code, e.g. "too_long", "invalid", "missing", "not_in_list". */
  code: string;
  /** A sentence a person can act on (English; a translation words it from code and params). */
  detail: string;
  /** What the sentence is made of (the field, a limit), for a translation to use. */
  params?: Record<string, string | number>;
}

export type Validated<T> = { ok: true; value: T } | { ok: false; issues: FieldIssue[] };

export const valid = <T>(value: T): Validated<T> => ({ ok: true, value });
export const invalid = <T = never>(issues: FieldIssue[]): Validated<T> => ({ ok: false, issues });
