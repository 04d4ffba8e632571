/**
 * The journal's fast read-back. A record in memory that is exact JSON data (plain objects,
 * no undefined member, no -0, nothing JSON would change) in the very shape start-up rebuilds
 * (every field present, none extra) and within every field rule comes back from its own
 * bytes unchanged: parsing, validating and comparing it again would only confirm that. Two
 * records a sale are on the cashier's critical path, and that confirmation was the costliest
 * part of each.
 *
 * Sound, not complete: a "no" here sends the record through the full read-back in journal.ts,
 * which refuses it with the reason or accepts it (a shape only older journals have); a "yes"
 * is never given to a record the full read-back would refuse (exact-record.test.ts checks
 * this against it on generated records). The rules are attempt-validation.ts's, field by
 * field, in a table TypeScript keeps complete: a new Attempt field does not compile until
 * it has its rule here.
 */
import { ATTEMPT_DEADLINE_MS, LEASE_MARKS, RESOLUTION_KINDS, type Attempt } from '../../shared/domain/attempt.js';
import { STAFF_ID_RE, STAFF_NAME_MAX } from '../../shared/domain/staff.js';
import { amountIssues } from '../../shared/validation/terminal-payment.js';
import { exactMetadata, isObject, plainList } from '../../shared/validation/proven-metadata.js';
import { ASK_ANSWERS, ERROR_KINDS, STATES, TEXT_LIMITS } from './attempt-validation.js';
import { RECORD_KINDS } from './journal-records.js';

type Rule = (v: unknown) => boolean;

const text = (min: number, max: number): Rule => (v) => typeof v === 'string' && v.length >= min && v.length <= max;
/** A safe integer JSON writes as it is (-0 comes back as 0). */
const integer = (min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER): Rule => (v) =>
  typeof v === 'number' && Number.isSafeInteger(v) && !Object.is(v, -0) && v >= min && v <= max;
const orNull = (rule: Rule): Rule => (v) => v === null || rule(v);
const among = (list: readonly string[]): Rule => (v) => typeof v === 'string' && list.includes(v);
const flag: Rule = (v) => typeof v === 'boolean';

/** Keys with their rules, made once: every record written walks them. */
interface Shape {
  rules: ReadonlyMap<string, Rule>;
  required: ReadonlySet<string>;
}
const shape = (required: Record<string, Rule>, optional: Record<string, Rule> = {}): Shape =>
  ({ rules: new Map(Object.entries({ ...required, ...optional })), required: new Set(Object.keys(required)) });

/**
 * Exactly these keys as JSON sees them (own, enumerable; optional ones may be absent, never
 * undefined), each a plain data property (a getter could answer JSON and this check differently)
 * within its rule.
 */
function exactObject(v: unknown, { rules, required }: Shape): boolean {
  if (!isObject(v) || Object.getOwnPropertySymbols(v).length > 0) return false;
  let requiredSeen = 0;
  for (const key of Object.keys(v)) {
    const rule = rules.get(key);
    const desc = rule && Object.getOwnPropertyDescriptor(v, key);
    if (!rule || !desc || !('value' in desc) || !rule(desc.value)) return false;
    if (required.has(key)) requiredSeen++;
  }
  return requiredSeen === required.size;
}

const ERROR_SHAPE = shape({
  kind: among(ERROR_KINDS),
  message: text(0, TEXT_LIMITS.errorMessage),
}, {
  status: integer(100, 599),
  code: text(0, TEXT_LIMITS.errorCode),
  traceId: text(0, TEXT_LIMITS.errorCode),
});
const RESOLUTION_SHAPE = shape({ kind: among(RESOLUTION_KINDS), note: text(0, TEXT_LIMITS.note), at: integer(0) });
const ASK_SHAPE = shape({ marker: text(1, TEXT_LIMITS.marker), at: integer(0), answer: among(ASK_ANSWERS) });
const lastError: Rule = (v) => v === null || exactObject(v, ERROR_SHAPE);
const resolution: Rule = (v) => v === null || exactObject(v, RESOLUTION_SHAPE);
const bankAsked: Rule = (v) => v === null || exactObject(v, ASK_SHAPE);
const id = text(1, TEXT_LIMITS.id);
const anyInteger = integer();
const nullableText = orNull(text(0, TEXT_LIMITS.nullable));

/** Every field of an attempt with its rule; `lease`, `terminal` and `cashier` are the ones that may be absent. */
const ATTEMPT_RULES: { [K in Exclude<keyof Attempt, 'lease' | 'terminal' | 'cashier'>]-?: Rule } = {
  id,
  saleId: id,
  previousAttemptId: nullableText,
  registerId: id,
  terminalId: id,
  amountMinor: (v) => anyInteger(v) && amountIssues(v as number).length === 0,
  currency: among(['EUR']),
  metadata: exactMetadata,
  idempotencyKey: id,
  createdAt: integer(0),
  deadlineAt: integer(0),
  state: among(STATES),
  updatedAt: integer(0),
  paymentId: nullableText,
  sends: integer(0),
  lastError,
  failureReason: nullableText,
  authorizedAmountMinor: orNull(anyInteger),
  cardSummary: nullableText,
  paymentMethod: nullableText,
  abandoned: flag,
  lateOutcome: flag,
  possibleDuplicate: flag,
  retriedBy: nullableText,
  tipMinor: orNull(anyInteger),
  resolution,
  bankAsked,
};
const MAX_VOUCHED_ATTEMPTS = 100;
const TERMINAL_SHAPE = shape({ serial: text(1, TEXT_LIMITS.id), name: orNull(text(1, TEXT_LIMITS.id)) });
const CASHIER_SHAPE = shape({ id: (v) => typeof v === 'string' && STAFF_ID_RE.test(v), name: text(1, STAFF_NAME_MAX) });
const ATTEMPT_SHAPE = shape(ATTEMPT_RULES, {
  lease: among(LEASE_MARKS), terminal: (v) => exactObject(v, TERMINAL_SHAPE), cashier: (v) => v === null || exactObject(v, CASHIER_SHAPE),
});
const RECORD_SHAPE = shape({
  // 1: how the tests of this proof build records; 2: what the journal writes (the chained envelope's attempt records).
  v: (v) => v === 1 || v === 2,
  kind: among(RECORD_KINDS),
  at: integer(0),
  // Up to 100: a record of a charge or a retry holds one or two; a carry record of more goes the full way,
  // where start-up's document limits are counted (a hundred attempts with 1 KiB metadata each are far inside them).
  attempts: (v) => plainList(v) && v.length <= MAX_VOUCHED_ATTEMPTS,
}, { seq: integer(1) });

function exactAttempt(v: unknown): boolean {
  if (!exactObject(v, ATTEMPT_SHAPE)) return false;
  const a = v as unknown as Attempt;
  return a.deadlineAt === a.createdAt + ATTEMPT_DEADLINE_MS && !(a.state === 'accepted' && a.paymentId === null);
}

const vouchedList = RECORD_SHAPE.rules.get('attempts') as Rule;
const recordKind = among(RECORD_KINDS);
const sequence = integer(1);
const instant = integer(0);

/** True when the full read-back of this record is known to succeed; false when only the full read-back can tell. */
export function isExactRecord(record: unknown): boolean {
  if (!exactObject(record, RECORD_SHAPE)) return false;
  return (record as { attempts: unknown[] }).attempts.every(exactAttempt);
}

/**
 * isExactRecord of `{ v: 2, seq, kind, at, attempts }` as the journal builds it for a record it seals
 * (journal-readback.ts): the same rules, without walking the keys of an object made one line before.
 */
export function isExactAttemptRecord(seq: number, kind: string, at: number, attempts: readonly unknown[]): boolean {
  return sequence(seq) && recordKind(kind) && instant(at) && vouchedList(attempts) && attempts.every(exactAttempt);
}
