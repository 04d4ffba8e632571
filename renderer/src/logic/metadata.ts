/**
 * Builds the payment's metadata object from the counter form and measures it
 * the way the bank does (UTF-8 bytes of the JSON), so the cashier sees the
 * 1 KB limit before sending rather than after a rejection.
 */
import type { JsonObject } from '../../../shared/json.js';
import { jsonByteLength } from '../../../shared/json.js';
import type { FieldIssue } from '../../../shared/result.js';
import { MAX_METADATA_BYTES, metadataIssues } from '../../../shared/validation/terminal-payment.js';
import type { MessageId } from '../../../shared/i18n/catalogs/en.js';
import type { Words } from '../../../shared/i18n/translate.js';
import { NOTE_KEY, ORDER_REFERENCE_KEY } from '../../../shared/domain/sale-reference.js';

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
  rowIssues: Record<string, Words>;
}

export { ORDER_REFERENCE_KEY, NOTE_KEY };
const RESERVED: Record<string, MessageId> = {
  [ORDER_REFERENCE_KEY]: 'metadata.row.reservedOrder',
  [NOTE_KEY]: 'metadata.row.reservedNote',
};

export const emptyDraft = (): MetadataDraft => ({ orderReference: '', note: '', rows: [] });

export function buildMetadata(draft: MetadataDraft): BuiltMetadata {
  const metadata: JsonObject = {};
  const orderReference = draft.orderReference.trim();
  const note = draft.note.trim();
  if (orderReference) metadata[ORDER_REFERENCE_KEY] = orderReference;
  if (note) metadata[NOTE_KEY] = note;

  const rowIssues: Record<string, Words> = {};
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

function rowProblem(key: string, seen: Set<string>): Words | null {
  if (!key) return { id: 'metadata.row.noName' };
  const reservedBy = Object.hasOwn(RESERVED, key) ? RESERVED[key] : undefined;
  if (reservedBy) return { id: reservedBy, values: { key } };
  if (seen.has(key)) return { id: 'metadata.row.twice', values: { key } };
  return null;
}

/** The first reason the metadata cannot be sent, for the Charge button; null when it is fine. */
export function metadataBlocker(built: BuiltMetadata, rows: MetadataRow[]): Words | null {
  const rowIndex = rows.findIndex((r) => built.rowIssues[r.id]);
  const row = rows[rowIndex];
  const problem = row ? built.rowIssues[row.id] : undefined;
  if (problem) return { id: 'metadata.blocker.row', values: { row: rowIndex + 1, problem } };
  if (built.issues[0]) return { id: 'metadata.tooLarge' };
  return null;
}
