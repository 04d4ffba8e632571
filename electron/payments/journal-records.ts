/**
 * What each known kind of journal record holds, and the reader that hands out typed records.
 * The envelope (journal-envelope.ts) is the same for every kind; here each kind's body is
 * checked when read, so a record whose body is wrong is refused and named like a torn one.
 * A kind not listed here reads as an envelope with its body untouched (`known: false`), so a
 * journal written by a newer Counterpay still opens.
 *
 * The attempt kinds (create, update, carry) keep their own view, JournalRecord: every
 * snapshot is complete, so reading back is "last snapshot wins" and one record can change two
 * attempts at once (a retry creates the new attempt and marks the old one together).
 */
import type { Attempt } from '../../shared/domain/attempt.js';
import { valid, type Validated } from '../../shared/result.js';
import { Reader } from '../../shared/validation/read.js';
import { parseRecord, sealRaw, unseal, type Envelope, MAX_LINE_CHARS } from './journal-envelope.js';
import { KIND_READERS, readAttempts, type KnownBodies } from './record-bodies.js';

export { MAX_LINE_CHARS };
export type { KnownBodies };
/** create: new attempt(s); update: later change; carry: open attempts copied into a new day's file. */
export const RECORD_KINDS = ['create', 'update', 'carry'] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];
export const isAttemptKind = (kind: string): kind is RecordKind => (RECORD_KINDS as readonly string[]).includes(kind);

/** The engine's view of an attempt record. `v` 1: written before the chain; then `seq` may be absent (numbered by position). */
export interface JournalRecord {
  v: 1 | 2;
  seq?: number;
  kind: RecordKind;
  at: number;
  attempts: Attempt[];
}

/** A record as read from a line: its envelope (a version 1 line gets `prev: null`), its bytes' hash, whether its kind is known. */
export interface JournalEntry extends Omit<Envelope, 'v' | 'prev' | 'seq'> {
  v: 1 | 2;
  /** null: a version 1 record written before sequence numbers. */
  seq: number | null;
  prev: string | null;
  hash: string;
  known: boolean;
}

/** The entry's body typed by its kind, or null when it is another kind. */
export function bodyOf<K extends keyof KnownBodies>(entry: JournalEntry, kind: K): KnownBodies[K] | null {
  return entry.kind === kind && entry.known ? (entry.body as KnownBodies[K]) : null;
}

export type DecodedLine =
  | { ok: true; entry: JournalEntry; record: JournalRecord | null }
  | { ok: false; reason: string };

/** Checks a line's own checksum, then its envelope and, for a known kind, its body. */
export function decodeLine(line: string): DecodedLine {
  const sealed = unseal(line);
  if (!sealed.ok) return sealed;
  return decodeRecordText(sealed.raw, sealed.hash);
}

/** The record in bytes whose checksum is known good. */
export function decodeRecordText(raw: string, hash = ''): DecodedLine {
  const parsed = parseRecord(raw);
  if (!parsed.ok) return parsed;
  if (parsed.v === 1) return decodeLegacy(parsed.legacy, hash);
  const { envelope } = parsed;
  const read = KIND_READERS[envelope.kind as keyof KnownBodies] as ((body: Record<string, unknown>) => Validated<unknown>) | undefined;
  const body = read ? read(envelope.body as Record<string, unknown>) : valid(envelope.body);
  if (!body.ok) return { ok: false, reason: `invalid ${envelope.kind} record: ${issueText(body.issues)}` };
  const entry: JournalEntry = { ...envelope, body: body.value, hash, known: read !== undefined };
  const attempts = isAttemptKind(envelope.kind) ? (body.value as { attempts: Attempt[] }).attempts : null;
  return { ok: true, entry, record: attempts ? { v: 2, seq: envelope.seq, kind: envelope.kind as RecordKind, at: envelope.at, attempts } : null };
}

const issueText = (issues: readonly { pointer: string; detail: string }[]): string => {
  const first = issues[0];
  return first ? `${first.pointer} ${first.detail}` : 'unknown problem';
};

function decodeLegacy(o: Record<string, unknown>, hash: string): DecodedLine {
  const r = new Reader();
  r.noExtraKeys(o, ['v', 'seq', 'kind', 'at', 'attempts']);
  const kind = r.oneOf(o, 'kind', RECORD_KINDS, { required: true });
  const at = r.integer(o, 'at', { required: true, min: 0 });
  const seq = r.integer(o, 'seq', { min: 1 });
  const attempts = readAttempts(r, o.attempts);
  if (r.issues.length) return { ok: false, reason: `invalid record: ${issueText(r.issues)}` };
  const record: JournalRecord = { v: 1, ...(seq !== undefined ? { seq } : {}), kind: kind ?? 'update', at: at ?? 0, attempts };
  const entry: JournalEntry = { v: 1, seq: seq ?? null, prev: null, kind: record.kind, at: record.at, by: '', byStaff: null, body: { attempts }, hash, known: true };
  return { ok: true, entry, record };
}

/** A version 1 line, as journals before the chain wrote them (tests build old journals with it). */
export function encodeRecord(record: Omit<JournalRecord, 'v'> & { v: 1 }): string {
  return sealRaw(JSON.stringify(record)).line;
}

/** The receipt number a record gives out (a sale's receipt or a refund's), or null: the ledger and verify read it alike. */
export function numberOf(entry: JournalEntry): number | null {
  return (bodyOf(entry, 'receipt') ?? bodyOf(entry, 'receipt_refund'))?.number ?? null;
}
