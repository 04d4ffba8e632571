/**
 * The journal's one envelope, whatever a record says. A line is
 *   {"sum":"<16 hex>","rec":{"v":2,"seq":N,"prev":"<64 hex>","kind":"…","at":ms,"by":"…","body":{…}}}
 * where `rec` is the record's exact bytes, `sum` the first 16 hex digits of their SHA-256 (so a
 * torn or edited line is seen on its own) and `prev` the whole SHA-256 of the previous record's
 * `rec` bytes: one hash per record serves both. `seq` counts +1 per record across day files and
 * kinds. The head is written in this fixed order so checking the chain reads `seq` and `prev`
 * with one anchored match and hashes the bytes, without parsing the body.
 *
 * A kind this code does not know yet is read as an envelope with an opaque body: adding a kind
 * needs no migration. Version 1 lines (before the chain) have no `prev`, `by` or `body`.
 *
 * `by` is a staff member `{"id","name"}` or text (the app, a name typed before staff existed, or
 * empty): read back as `by` (always the text to show) and `byStaff` (the person, or null), so
 * readers written before staff keep reading a string.
 */
import { createHash, hash } from 'node:crypto';
import { parseBoundedJson } from '../../shared/validation/bounded-json.js';
import { isPlainObject } from '../../shared/json.js';
import { STAFF_ID_RE, STAFF_NAME_MAX, type StaffRef } from '../../shared/domain/staff.js';

export const CHAIN_VERSION = 2;
/** What the first record of a journal born chained links to. */
export const GENESIS = '0'.repeat(64);
/** A record holds a few attempts of 1 KiB metadata each; a carry record all open ones. No real line nears this. */
export const MAX_LINE_CHARS = 4 * 1024 * 1024;
/** Who did it, as text: the app, or a name typed before staff existed. */
export const MAX_BY_CHARS = 200;

/** Who did it, as written: a staff member, or text. */
export type RecordBy = string | StaffRef;

const KIND_RE = /^[a-z][a-z_]{0,39}$/;
const FRAME = /^\{"sum":"([0-9a-f]{16})","rec":/;
const LINK = /^\{"v":2,"seq":([1-9]\d{0,15}),"prev":"([0-9a-f]{64})","kind":"([a-z][a-z_]{0,39})","at":/;

/** The one-shot hash (Node ≥ 20.12, every Electron we ship) skips building a Hash object for each record. */
export const sha256Hex: (text: string | Buffer) => string = typeof hash === 'function'
  ? (text) => hash('sha256', text, 'hex')
  : (text) => createHash('sha256').update(text).digest('hex');

export interface EnvelopeHead {
  seq: number;
  prev: string;
  kind: string;
  at: number;
  by: RecordBy;
}

/** A record as read: its head, its body (checked by its kind's reader, see journal-records.ts), its bytes' hash. */
export interface Envelope<B = unknown> extends Omit<EnvelopeHead, 'by'> {
  v: typeof CHAIN_VERSION;
  /** The text to show: the person's name, or the text as written. */
  by: string;
  /** The staff member who did it; null when `by` was text. */
  byStaff: StaffRef | null;
  body: B;
}

/** Why `by` cannot be written or read, or null. */
function byIssue(by: unknown): string | null {
  if (typeof by === 'string') return by.length > MAX_BY_CHARS ? `by must be text of at most ${MAX_BY_CHARS} characters` : null;
  const ok = isPlainObject(by) && Object.keys(by).length === 2 && typeof by.id === 'string' && STAFF_ID_RE.test(by.id)
    && typeof by.name === 'string' && by.name.length > 0 && by.name.length <= STAFF_NAME_MAX;
  return ok ? null : `by must be text, or a staff member's id and name (at most ${STAFF_NAME_MAX} characters)`;
}

/** `by` as readers get it: the text to show and the person, if it names one. */
export function whoOf(by: RecordBy): { by: string; byStaff: StaffRef | null } {
  return typeof by === 'string' ? { by, byStaff: null } : { by: by.name, byStaff: { id: by.id, name: by.name } };
}

/** The JSON of `by` in the head's fixed order: a staff member is written `{"id":…,"name":…}` whatever order it came in. */
const byJson = (by: RecordBy): string => JSON.stringify(typeof by === 'string' ? by : { id: by.id, name: by.name });

export const isKind = (kind: string): boolean => KIND_RE.test(kind);

/** Why a head cannot be written, or null. The journal builds heads itself; this guards the generic entry point. */
export function headIssue(head: EnvelopeHead): string | null {
  if (!isKind(head.kind)) return `kind ${JSON.stringify(head.kind)} must be lower-case letters and _ (at most 40)`;
  if (!Number.isSafeInteger(head.seq) || head.seq < 1) return 'seq must be a whole number from 1';
  if (!Number.isSafeInteger(head.at) || head.at < 0) return 'at must be a whole number of milliseconds';
  const by = byIssue(head.by);
  if (by) return by;
  if (!/^[0-9a-f]{64}$/.test(head.prev)) return 'prev must be a SHA-256 in hex';
  return null;
}

/** The record's exact bytes (`raw`), its hash (the next record's `prev`) and its line. `bodyJson` is JSON text of an object. */
export function sealEnvelope(head: EnvelopeHead, bodyJson: string): { raw: string; hash: string; line: string } {
  const raw = `{"v":2,"seq":${head.seq},"prev":"${head.prev}","kind":"${head.kind}","at":${head.at},"by":${byJson(head.by)},"body":${bodyJson}}`;
  return sealRaw(raw);
}

export function sealRaw(raw: string): { raw: string; hash: string; line: string } {
  const h = sha256Hex(raw);
  return { raw, hash: h, line: `{"sum":"${h.slice(0, 16)}","rec":${raw}}` };
}

export type Unsealed = { ok: true; raw: string; hash: string } | { ok: false; reason: string };

/** The record bytes of a line whose own checksum holds, with their full hash; nothing parsed. */
export function unseal(line: string): Unsealed {
  if (line.length > MAX_LINE_CHARS) return { ok: false, reason: `line too large: ${line.length} characters, over the limit of ${MAX_LINE_CHARS}` };
  const m = FRAME.exec(line);
  if (!m || !line.endsWith('}')) return { ok: false, reason: 'not a journal record (incomplete or foreign line)' };
  const raw = line.slice(m[0].length, -1);
  const h = sha256Hex(raw);
  if (h.slice(0, 16) !== m[1]) return { ok: false, reason: 'checksum mismatch (torn or altered record)' };
  return { ok: true, raw, hash: h };
}

/** seq, prev and kind of a chained record's bytes by one anchored match (null: a version 1 record, or not an envelope). */
export function linkOf(raw: string): { seq: number; prev: string; kind: string } | null {
  const m = LINK.exec(raw);
  return m ? { seq: Number(m[1]), prev: m[2] ?? '', kind: m[3] ?? '' } : null;
}

export type ParsedRecord =
  | { ok: true; v: 2; envelope: Envelope }
  | { ok: true; v: 1; legacy: Record<string, unknown> }
  | { ok: false; reason: string };

/** Parses record bytes whose checksum is known good: a chained envelope with its head checked, or a version 1 record. */
export function parseRecord(raw: string): ParsedRecord {
  const parsed = parseBoundedJson(raw, MAX_LINE_CHARS);
  if (!parsed.ok) return { ok: false, reason: `checksum matches but the record is ${parsed.limit ? parsed.reason : 'not JSON'}` };
  const o = parsed.value;
  if (!isPlainObject(o)) return { ok: false, reason: 'invalid record: / must be a JSON object' };
  if (o.v === 1) return { ok: true, v: 1, legacy: o };
  if (o.v !== CHAIN_VERSION) return { ok: false, reason: `invalid record: /v unsupported record version ${JSON.stringify(o.v)}` };
  const extra = Object.keys(o).find((k) => !['v', 'seq', 'prev', 'kind', 'at', 'by', 'body'].includes(k));
  if (extra !== undefined) return { ok: false, reason: `invalid record: /${extra} is not part of the envelope` };
  const head = { seq: o.seq, prev: o.prev, kind: o.kind, at: o.at, by: o.by } as EnvelopeHead;
  const issue = typeof head.kind !== 'string' || typeof head.prev !== 'string' ? 'kind and prev must be text' : headIssue(head);
  if (issue) return { ok: false, reason: `invalid record: ${issue}` };
  if (!isPlainObject(o.body)) return { ok: false, reason: 'invalid record: /body must be a JSON object' };
  return { ok: true, v: 2, envelope: { v: CHAIN_VERSION, ...head, ...whoOf(head.by), body: o.body } };
}
