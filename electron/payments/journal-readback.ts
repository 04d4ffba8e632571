/**
 * Every record is read back from its own bytes before it reaches the disk: a record that would
 * not decode to exactly what was asked (a Date in metadata, an undefined field, a body its kind's
 * reader refuses) is refused with the reason, because what cannot be read back is lost at the
 * next start. An attempt record exact-record.ts vouches for skips the decoding (two a sale, on
 * the cashier's critical path).
 */
import { isDeepStrictEqual } from 'node:util';
import type { Attempt } from '../../shared/domain/attempt.js';
import { isExactAttemptRecord } from './exact-record.js';
import { headIssue, MAX_LINE_CHARS, sealEnvelope, whoOf, type EnvelopeHead } from './journal-envelope.js';
import { decodeRecordText, isAttemptKind, type JournalEntry, type JournalRecord, type RecordKind } from './journal-records.js';

/** A record the journal refused to write because it would not read back as written. Nothing reached the disk. */
export class UnreadableRecordError extends Error {
  constructor(detail: string) {
    super(`journal record refused, it would not read back as written: ${detail}`);
    this.name = 'UnreadableRecordError';
  }
}

/** A record ready to write: its line, its hash (the next record's prev), and what it reads back as. */
export interface Sealed {
  line: string;
  hash: string;
  record: JournalRecord | null;
  entry: JournalEntry;
}

function sealChecked(head: EnvelopeHead, bodyJson: string): { raw: string; hash: string; line: string } {
  const sealed = sealEnvelope(head, bodyJson);
  if (sealed.line.length > MAX_LINE_CHARS) throw new UnreadableRecordError(`line too large: ${sealed.line.length} characters, over the limit of ${MAX_LINE_CHARS}`);
  return sealed;
}

/** An attempt record (create, update, carry); `previousDay` only for carry. */
export function sealAttempts(head: EnvelopeHead & { kind: RecordKind }, attempts: Attempt[], previousDay?: string | null): Sealed {
  if (!Number.isSafeInteger(head.at) || head.at < 0) throw new UnreadableRecordError('at must be a whole number of milliseconds');
  const headProblem = typeof head.by === 'string' ? null : headIssue(head);
  if (headProblem) throw new UnreadableRecordError(headProblem);
  const carry = head.kind === 'carry' ? `,"previousDay":${JSON.stringify(previousDay ?? null)}` : '';
  const { line, hash, raw } = sealChecked(head, `{"attempts":${JSON.stringify(attempts)}${carry}}`);
  const record: JournalRecord = { v: 2, seq: head.seq, kind: head.kind, at: head.at, attempts };
  const body = head.kind === 'carry' ? { attempts, previousDay: previousDay ?? null } : { attempts };
  const entry: JournalEntry = { v: 2, ...head, ...whoOf(head.by), body, hash, known: true };
  if (isExactAttemptRecord(head.seq, head.kind, head.at, attempts)) return { line, hash, record, entry };
  const back = decodeRecordText(raw, hash);
  if (!back.ok) throw new UnreadableRecordError(back.reason);
  if (!isDeepStrictEqual(back.record, record)) throw new UnreadableRecordError(whatChanged(attempts, back.record?.attempts ?? []));
  return { line, hash, record, entry };
}

/** Any other kind: the body must be JSON data that reads back equal, and what its kind's reader accepts. */
export function sealBody(head: EnvelopeHead, body: unknown): Sealed {
  const issue = headIssue(head);
  if (issue) throw new UnreadableRecordError(issue);
  if (isAttemptKind(head.kind)) throw new UnreadableRecordError(`${head.kind} records are the payment engine's own`);
  let bodyJson: string | undefined;
  try {
    bodyJson = JSON.stringify(body);
  } catch (e) {
    throw new UnreadableRecordError(`the body is not JSON data: ${(e as Error).message}`);
  }
  if (bodyJson === undefined || !bodyJson.startsWith('{')) throw new UnreadableRecordError('the body must be a JSON object');
  const { line, hash, raw } = sealChecked(head, bodyJson);
  const back = decodeRecordText(raw, hash);
  if (!back.ok) throw new UnreadableRecordError(back.reason);
  if (!isDeepStrictEqual(back.entry.body, body)) throw new UnreadableRecordError('the body changes when read back (a date, map, undefined…)');
  return { line, hash, record: null, entry: back.entry };
}

function whatChanged(attempts: Attempt[], back: Attempt[]): string {
  const a = attempts.find((x, i) => !isDeepStrictEqual(x, back[i]));
  const field = a && (Object.keys(a) as (keyof Attempt)[]).find((k) => !isDeepStrictEqual(a[k], back.find((y) => y.id === a.id)?.[k]));
  return field ? `attempt ${a.id}: ${String(field)} holds a value JSON cannot keep (a date, map, byte array, undefined…)` : 'the record changes when read back';
}
