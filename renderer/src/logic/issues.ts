/**
 * Places each issue of an IpcError next to the field it names. Pointers come
 * from the shared validators ("/amountMinor") or from the bank ("/amount/value",
 * "/billing_address/zip_code"); whatever matches no field is shown with the
 * message so nothing is dropped.
 */
import type { FieldIssue } from '../../../shared/result.js';

export interface PlacedIssues<F extends string> {
  byField: Partial<Record<F, FieldIssue[]>>;
  rest: FieldIssue[];
}

/** fields: field name → pointer prefixes it owns; the longest matching prefix wins. */
export function placeIssues<F extends string>(issues: readonly FieldIssue[] | undefined, fields: Record<F, readonly string[]>): PlacedIssues<F> {
  const byField: Partial<Record<F, FieldIssue[]>> = {};
  const rest: FieldIssue[] = [];
  for (const issue of issues ?? []) {
    const field = ownerOf(issue.pointer, fields);
    if (field === null) rest.push(issue);
    else (byField[field] ??= []).push(issue);
  }
  return { byField, rest };
}

function ownerOf<F extends string>(pointer: string, fields: Record<F, readonly string[]>): F | null {
  let best: F | null = null;
  let bestLength = -1;
  for (const field of Object.keys(fields) as F[]) {
    for (const prefix of fields[field]) {
      const matches = pointer === prefix || pointer.startsWith(`${prefix}/`);
      if (matches && prefix.length > bestLength) {
        best = field;
        bestLength = prefix.length;
      }
    }
  }
  return best;
}
