/**
 * One journal line = one record, self-checking:
 *   {"sum":"<16 hex of sha256(rec)>","rec":{"v":1,"kind":…,"at":…,"attempts":[…]}}
 * Every record carries full attempt snapshots (attempts are small), so reading
 * back is "last snapshot wins" and one line can change two attempts atomically
 * (a retry creates the new attempt and marks the old one in the same record).
 * The checksum covers the exact bytes of `rec` as written, so it is checked on
 * the raw slice before any parsing.
 */
import { createHash } from 'node:crypto';
import type { Attempt } from '../../shared/domain/attempt.js';
import { invalid, valid, type Validated } from '../../shared/result.js';
import { Reader } from '../../shared/validation/read.js';
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

function checksum(raw: string): string {
  return createHash('sha256').update(raw, 'utf8').digest('hex').slice(0, 16);
}

export function encodeRecord(record: JournalRecord): string {
  const raw = JSON.stringify(record);
  return `{"sum":"${checksum(raw)}","rec":${raw}}`;
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

export type DecodedLine = { ok: true; record: JournalRecord } | { ok: false; reason: string };

export function decodeLine(line: string): DecodedLine {
  const m = PREFIX.exec(line);
  if (!m || !line.endsWith('}')) return { ok: false, reason: 'not a journal record (incomplete or foreign line)' };
  const raw = line.slice(m[0].length, -1);
  if (checksum(raw) !== m[1]) return { ok: false, reason: 'checksum mismatch (torn or altered record)' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return { ok: false, reason: 'checksum matches but the record is not JSON' };
  }
  const checked = validateRecord(parsed);
  if (!checked.ok) {
    const first = checked.issues[0];
    return { ok: false, reason: `invalid record: ${first ? `${first.pointer} ${first.detail}` : 'unknown problem'}` };
  }
  return { ok: true, record: checked.value };
}
