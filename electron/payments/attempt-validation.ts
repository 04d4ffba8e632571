/**
 * Checks an Attempt read back from disk. The journal is untrusted input (a
 * torn write, a hand edit, a bug in an older version): a snapshot that fails
 * here is reported and skipped, never half-used.
 */
import {
  ATTEMPT_DEADLINE_MS, LEASE_MARKS, RESOLUTION_KINDS, type Attempt, type AttemptError, type AttemptResolution, type AttemptState, type AttemptTerminal, type BankAsk,
} from '../../shared/domain/attempt.js';
import { STAFF_ID_RE, STAFF_NAME_MAX, type StaffRef } from '../../shared/domain/staff.js';
import { isPlainObject, type JsonObject } from '../../shared/json.js';
import { invalid, valid, type Validated } from '../../shared/result.js';
import { Reader } from '../../shared/validation/read.js';
import { amountIssues, metadataIssues } from '../../shared/validation/terminal-payment.js';
import { TRANSITIONS } from './attempt-states.js';

export const STATES = Object.keys(TRANSITIONS) as AttemptState[];
export const ERROR_KINDS: readonly AttemptError['kind'][] = ['http', 'connect_refused', 'timeout', 'reset', 'aborted', 'network', 'unauthorized', 'session_ended'];
export const ASK_ANSWERS: readonly BankAsk['answer'][] = ['pending', 'original', 'new_prompt', 'failed'];
/** Longest text each kind of field may hold (shared with the journal's fast read-back, exact-record.ts). */
export const TEXT_LIMITS = { id: 200, nullable: 1000, errorMessage: 2000, errorCode: 200, marker: 100, note: 1000 } as const;
/** A set: every journal record written is read back through this, field by field. */
export const ATTEMPT_KEYS: ReadonlySet<string> = new Set<keyof Attempt>([
  'id', 'saleId', 'previousAttemptId', 'registerId', 'terminalId', 'amountMinor', 'currency', 'metadata',
  'idempotencyKey', 'createdAt', 'deadlineAt', 'state', 'updatedAt', 'paymentId', 'sends', 'lastError',
  'failureReason', 'authorizedAmountMinor', 'cardSummary', 'paymentMethod', 'abandoned', 'lateOutcome',
  'possibleDuplicate', 'retriedBy', 'tipMinor', 'resolution', 'bankAsked', 'lease', 'terminal', 'cashier',
]);

/** A nested object read with its own reader, its issues placed under `/${key}`; absent or null reads as null (older records). */
function nested<T>(outer: Reader, key: string, value: unknown, read: (r: Reader, o: Record<string, unknown>) => T): T | null {
  if (value === null || value === undefined) return null;
  const r = new Reader();
  const o = r.object(value);
  const out = o ? read(r, o) : null;
  outer.issues.push(...r.issues.map((i) => ({ ...i, pointer: `/${key}${i.pointer === '/' ? '' : i.pointer}` })));
  return out;
}

function readResolution(outer: Reader, value: unknown): AttemptResolution | null {
  return nested(outer, 'resolution', value, (r, o) => {
    r.noExtraKeys(o, ['kind', 'note', 'at']);
    return {
      kind: r.oneOf(o, 'kind', RESOLUTION_KINDS, { required: true }) ?? 'not_a_duplicate',
      note: r.string(o, 'note', { required: true, max: TEXT_LIMITS.note }) ?? '',
      at: r.integer(o, 'at', { required: true, min: 0 }) ?? 0,
    };
  });
}

function readBankAsk(outer: Reader, value: unknown): BankAsk | null {
  return nested(outer, 'bankAsked', value, (r, o) => {
    r.noExtraKeys(o, ['marker', 'at', 'answer']);
    return {
      marker: r.string(o, 'marker', { required: true, min: 1, max: TEXT_LIMITS.marker }) ?? '',
      at: r.integer(o, 'at', { required: true, min: 0 }) ?? 0,
      answer: r.oneOf(o, 'answer', ASK_ANSWERS, { required: true }) ?? 'failed',
    };
  });
}

function readTerminal(outer: Reader, value: unknown): AttemptTerminal | null {
  return nested(outer, 'terminal', value, (r, o) => {
    r.noExtraKeys(o, ['serial', 'name']);
    const name = o.name === null ? null : r.string(o, 'name', { required: true, min: 1, max: TEXT_LIMITS.id }) ?? null;
    return { serial: r.string(o, 'serial', { required: true, min: 1, max: TEXT_LIMITS.id }) ?? '', name };
  });
}

/** A staff member's id (the id rule of staff.ts) and name: an attempt's cashier, a sign-in's person. */
export function readStaffRef(outer: Reader, key: string, value: unknown): StaffRef | null {
  return nested(outer, key, value, (r, o) => {
    r.noExtraKeys(o, ['id', 'name']);
    const id = r.string(o, 'id', { required: true, min: 1, max: 40 }) ?? '';
    if (id !== '' && !STAFF_ID_RE.test(id)) r.issue('/id', 'invalid', 'a staff id is lower-case letters, digits and dashes');
    return { id, name: r.string(o, 'name', { required: true, min: 1, max: STAFF_NAME_MAX }) ?? '' };
  });
}

/** Reads a key that must be present, either null or a string (the reader alone treats null as absent). */
function nullableString(r: Reader, o: Record<string, unknown>, key: string): string | null {
  if (o[key] === null) return null;
  if (!(key in o)) r.issue(`/${key}`, 'missing', `${key} is required (null when unknown)`);
  return r.string(o, key, { max: TEXT_LIMITS.nullable }) ?? null;
}

function nullableInteger(r: Reader, o: Record<string, unknown>, key: string): number | null {
  if (o[key] === null) return null;
  if (!(key in o)) r.issue(`/${key}`, 'missing', `${key} is required (null when unknown)`);
  return r.integer(o, key) ?? null;
}

function readLastError(outer: Reader, value: unknown): AttemptError | null {
  if (value === null) return null;
  // A reader of its own, so its issues can be placed under /lastError.
  const r = new Reader();
  const o = r.object(value);
  const done = <T>(v: T): T => {
    outer.issues.push(...r.issues.map((i) => ({ ...i, pointer: `/lastError${i.pointer === '/' ? '' : i.pointer}` })));
    return v;
  };
  if (!o) return done(null);
  r.noExtraKeys(o, ['kind', 'status', 'code', 'message', 'traceId']);
  const kind = r.oneOf(o, 'kind', ERROR_KINDS, { required: true });
  const status = r.integer(o, 'status', { min: 100, max: 599 });
  const code = r.string(o, 'code', { max: TEXT_LIMITS.errorCode });
  const message = r.string(o, 'message', { required: true, max: TEXT_LIMITS.errorMessage });
  const traceId = r.string(o, 'traceId', { max: TEXT_LIMITS.errorCode });
  return done({
    kind: kind ?? 'network',
    message: message ?? '',
    ...(status !== undefined ? { status } : {}),
    ...(code !== undefined ? { code } : {}),
    ...(traceId !== undefined ? { traceId } : {}),
  });
}

export function validateAttempt(value: unknown): Validated<Attempt> {
  const r = new Reader();
  const o = r.object(value);
  if (!o) return invalid(r.issues);
  r.noExtraKeys(o, ATTEMPT_KEYS);
  const str = (key: string, max: number = TEXT_LIMITS.id) => r.string(o, key, { required: true, min: 1, max }) ?? '';
  const int = (key: string, min = 0) => r.integer(o, key, { required: true, min }) ?? 0;
  const bool = (key: string) => r.boolean(o, key, { required: true }) ?? false;

  const amountMinor = r.integer(o, 'amountMinor', { required: true });
  if (amountMinor !== undefined) r.issues.push(...amountIssues(amountMinor));
  r.issues.push(...metadataIssues(o.metadata));
  const attempt: Attempt = {
    id: str('id'),
    saleId: str('saleId'),
    previousAttemptId: nullableString(r, o, 'previousAttemptId'),
    registerId: str('registerId'),
    terminalId: str('terminalId'),
    amountMinor: amountMinor ?? 0,
    currency: r.oneOf(o, 'currency', ['EUR'] as const, { required: true }) ?? 'EUR',
    metadata: (isPlainObject(o.metadata) ? o.metadata : {}) as JsonObject,
    idempotencyKey: str('idempotencyKey'),
    createdAt: int('createdAt'),
    deadlineAt: int('deadlineAt'),
    state: r.oneOf(o, 'state', STATES, { required: true }) ?? 'timed_out',
    updatedAt: int('updatedAt'),
    paymentId: nullableString(r, o, 'paymentId'),
    sends: int('sends'),
    lastError: readLastError(r, o.lastError ?? null),
    failureReason: nullableString(r, o, 'failureReason'),
    authorizedAmountMinor: nullableInteger(r, o, 'authorizedAmountMinor'),
    cardSummary: nullableString(r, o, 'cardSummary'),
    paymentMethod: nullableString(r, o, 'paymentMethod'),
    abandoned: bool('abandoned'),
    lateOutcome: bool('lateOutcome'),
    possibleDuplicate: bool('possibleDuplicate'),
    retriedBy: nullableString(r, o, 'retriedBy'),
    // Added after the first release: a record without them reads as "none yet".
    tipMinor: 'tipMinor' in o ? nullableInteger(r, o, 'tipMinor') : null,
    resolution: readResolution(r, o.resolution),
    bankAsked: readBankAsk(r, o.bankAsked),
  };
  // Store mode only, and newer than the first journals: absent means the register worked alone.
  const lease = r.oneOf(o, 'lease', LEASE_MARKS);
  if (lease !== undefined) attempt.lease = lease;
  // Newer still: the terminal's serial and shop name at charge time.
  const terminal = readTerminal(r, o.terminal);
  if (terminal !== null) attempt.terminal = terminal;
  // Newer again: who was signed in at the counter (null when nobody was, absent in older journals).
  if ('cashier' in o) attempt.cashier = readStaffRef(r, 'cashier', o.cashier);
  // The deadline is absolute and derived; a record that disagrees was not written by the engine.
  if (attempt.deadlineAt !== attempt.createdAt + ATTEMPT_DEADLINE_MS) {
    r.issue('/deadlineAt', 'invalid', 'deadlineAt must be createdAt + 120 s');
  }
  if (attempt.state === 'accepted' && attempt.paymentId === null) r.issue('/paymentId', 'missing', 'an accepted attempt needs its payment id');
  return r.issues.length ? invalid(r.issues) : valid(attempt);
}
