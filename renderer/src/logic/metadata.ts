/**
 * Builds the payment's metadata object from the counter form and measures it
 * the way the bank does (UTF-8 bytes of the JSON), so the cashier sees the
 * 1 KB limit before sending rather than after a rejection.
 */
import type { JsonObject } from '../../../shared/json.js';
import { jsonByteLength } from '../../../shared/json.js';
import type { FieldIssue } from '../../../shared/result.js';
import { MAX_METADATA_BYTES, metadataIssues } from '../../../shared/validation/terminal-payment.js';

export interface MetadataRow {
  id: string;
  key: string;
  value: string;
}

export interface MetadataDraft {
  orderReference: string;
  note: string;
  rows: MetadataRow[];
}

export interface BuiltMetadata {
  metadata: JsonObject;
  bytes: number;
  maxBytes: number;
  /** Problems with the whole object (size), shaped like the main process's issues. */
  issues: FieldIssue[];
  /** Problem of one free row, by row id. */
  rowIssues: Record<string, string>;
}

export const ORDER_REFERENCE_KEY = 'order_reference';
export const NOTE_KEY = 'note';
const RESERVED: Record<string, string> = {
  [ORDER_REFERENCE_KEY]: 'Order reference',
  [NOTE_KEY]: 'Note',
};

export const emptyDraft = (): MetadataDraft => ({ orderReference: '', note: '', rows: [] });

export function buildMetadata(draft: MetadataDraft): BuiltMetadata {
  const metadata: JsonObject = {};
  const orderReference = draft.orderReference.trim();
  const note = draft.note.trim();
  if (orderReference) metadata[ORDER_REFERENCE_KEY] = orderReference;
  if (note) metadata[NOTE_KEY] = note;

  const rowIssues: Record<string, string> = {};
  const seen = new Set<string>();
  for (const row of draft.rows) {
    const key = row.key.trim();
    const value = row.value.trim();
    // A row left completely empty is just an unused line, not a mistake.
    if (!key && !value) continue;
    const problem = rowProblem(key, seen);
    if (problem) {
      rowIssues[row.id] = problem;
      continue;
    }
    seen.add(key);
    metadata[key] = value;
  }

  return { metadata, bytes: jsonByteLength(metadata), maxBytes: MAX_METADATA_BYTES, issues: metadataIssues(metadata), rowIssues };
}

function rowProblem(key: string, seen: Set<string>): string | null {
  if (!key) return 'Give this field a name.';
  const reservedBy = RESERVED[key];
  if (reservedBy) return `"${key}" is filled from the ${reservedBy} box; use another name.`;
  if (seen.has(key)) return `"${key}" is used twice; each field name must be different.`;
  return null;
}

/** The first reason the metadata cannot be sent, for the Charge button; null when it is fine. */
export function metadataBlocker(built: BuiltMetadata, rows: MetadataRow[]): string | null {
  const rowIndex = rows.findIndex((r) => built.rowIssues[r.id]);
  const row = rows[rowIndex];
  if (row) return `Field ${rowIndex + 1}: ${built.rowIssues[row.id]}`;
  const first = built.issues[0];
  if (first) return `Too much extra information: ${built.bytes} of ${built.maxBytes} bytes. Shorten the note or the fields.`;
  return null;
}
