/**
 * One journal line = one record, self-checking:
 *   {"sum":"<16 hex of sha256(rec)>","rec":{"v":1,"kind":…,"at":…,"attempts":[…]}}
 * Every record carries full attempt snapshots (attempts are small), so reading
 * back is "last snapshot wins" and one line can change two attempts atomically
 * (a retry creates the new attempt and marks the old one in the same record).
 * The checksum covers the exact bytes of `rec` as written, so it is checked on
 * the raw slice before any parsing.
 */
import { createHash, hash } from 'node:crypto';
import type { Attempt } from '../../shared/domain/attempt.js';
import { invalid, valid, type Validated } from '../../shared/result.js';
import { Reader } from '../../shared/validation/read.js';
import { parseBoundedJson } from '../../shared/validation/bounded-json.js';
import { validateAttempt } from './attempt-validation.js';

export const RECORD_VERSION = 1;
/** create: new attempt(s); update: later change; carry: open attempts copied into a new day's file. */
export const RECORD_KINDS = ['create', 'update', 'carry'] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

export interface JournalRecord {
  v: typeof RECORD_VERSION;
  /**
   * Position of the record in this register's history, +1 per record across day files
   * (a new day's carry record continues the count). Records written before sequence
   * numbers existed read back without it and are numbered by position.
   */
  seq?: number;
  kind: RecordKind;
  at: number;
  attempts: Attempt[];
}

const PREFIX = /^\{"sum":"([0-9a-f]{16})","rec":/;

/** The one-shot hash (Node ≥ 20.12, every Electron we ship) skips building a Hash object for each record. */
const sha256Hex: (text: string) => string = typeof hash === 'function'
  ? (text) => hash('sha256', text, 'hex')
  : (text) => createHash('sha256').update(text, 'utf8').digest('hex');

function checksum(raw: string): string {
  return sha256Hex(raw).slice(0, 16);
}

export function encodeRecord(record: JournalRecord): string {
  return encodeRecordText(JSON.stringify(record)).line;
}

/** The line for a record already written as JSON text (`raw`), which is what the checksum covers. */
export function encodeRecordText(raw: string): { raw: string; line: string } {
  return { raw, line: `{"sum":"${checksum(raw)}","rec":${raw}}` };
}

function validateRecord(value: unknown): Validated<JournalRecord> {
  const r = new Reader();
  const o = r.object(value);
  if (!o) return invalid(r.issues);
  r.noExtraKeys(o, ['v', 'seq', 'kind', 'at', 'attempts']);
  if (o.v !== RECORD_VERSION) r.issue('/v', 'invalid', `unsupported record version ${JSON.stringify(o.v)}`);
  const kind = r.oneOf(o, 'kind', RECORD_KINDS, { required: true });
  const at = r.integer(o, 'at', { required: true, min: 0 });
  const seq = r.integer(o, 'seq', { min: 1 });
  const attempts: Attempt[] = [];
  if (!Array.isArray(o.attempts)) r.issue('/attempts', 'invalid', 'attempts must be a list');
  else {
    o.attempts.forEach((item, i) => {
      const checked = validateAttempt(item);
      if (checked.ok) attempts.push(checked.value);
      else r.issues.push(...checked.issues.map((x) => ({ ...x, pointer: `/attempts/${i}${x.pointer}` })));
    });
  }
  if (r.issues.length) return invalid(r.issues);
  return valid({ v: RECORD_VERSION, ...(seq !== undefined ? { seq } : {}), kind: kind ?? 'update', at: at ?? 0, attempts });
}

/** A record holds a few attempts of 1 KiB metadata each; a carry record all open ones. No real line nears this. */
export const MAX_LINE_CHARS = 4 * 1024 * 1024;

export type DecodedLine = { ok: true; record: JournalRecord } | { ok: false; reason: string };

export function decodeLine(line: string): DecodedLine {
  if (line.length > MAX_LINE_CHARS) return { ok: false, reason: `line too large: ${line.length} characters, over the limit of ${MAX_LINE_CHARS}` };
  const m = PREFIX.exec(line);
  if (!m || !line.endsWith('}')) return { ok: false, reason: 'not a journal record (incomplete or foreign line)' };
  const raw = line.slice(m[0].length, -1);
  if (checksum(raw) !== m[1]) return { ok: false, reason: 'checksum mismatch (torn or altered record)' };
  return decodeRecordText(raw);
}

/** The record inside a line whose frame and checksum are known good: within the limits, then checked field by field. */
export function decodeRecordText(raw: string): DecodedLine {
  const parsed = parseBoundedJson(raw, MAX_LINE_CHARS);
  if (!parsed.ok) return { ok: false, reason: `checksum matches but the record is ${parsed.limit ? parsed.reason : 'not JSON'}` };
  const checked = validateRecord(parsed.value);
  if (!checked.ok) {
    const first = checked.issues[0];
    return { ok: false, reason: `invalid record: ${first ? `${first.pointer} ${first.detail}` : 'unknown problem'}` };
  }
  return { ok: true, record: checked.value };
}
