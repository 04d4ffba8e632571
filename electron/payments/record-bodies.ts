/**
 * The body of each kind of journal record Counterpay knows, and its reader. The envelope holds
 * who, when and where in the chain; a body holds only what the kind says. A kind added later
 * (refunds, settlements, sign-ins…) adds a line to KnownBodies and a reader to KIND_READERS.
 */
import type { Attempt } from '../../shared/domain/attempt.js';
import { isDay } from '../../shared/domain/calendar-day.js';
import { isPlainObject } from '../../shared/json.js';
import { invalid, valid, type Validated } from '../../shared/result.js';
import { Reader } from '../../shared/validation/read.js';
import { readStaffRef, validateAttempt } from './attempt-validation.js';
import { STAFF_ROLES, type StaffRef, type StaffRole } from '../../shared/domain/staff.js';
import { readRefundBody, readSettlementBody, type RefundBody, type SettlementBody } from './money-bodies.js';
import { readClosingBody, readMonthClosingBody, readYearClosingBody, type ClosingBody, type PeriodClosingBody } from './closing-bodies.js';

export type { ClosingBody, PeriodClosingBody };
import { readKeyChangedBody, readSignatureBody, type KeyChangedBody, type SignatureBody } from './signature-bodies.js';

export interface AttemptsBody { attempts: Attempt[] }
/** The first record of every day file; `previousDay` names the file before it, so a missing day file is named. */
export interface CarryBody { attempts: Attempt[]; previousDay: string | null }
export interface CorrectionBody { day: string; registerId: string; note: string; attemptIds: string[] }
/** One file written before the chain, as it stood when the chain took it over. */
export interface TakenFile { name: string; bytes: number; sha256: string }
/** The first chained record of a journal that existed before the chain: it vouches for every byte before it. */
export interface TakeoverBody { files: TakenFile[] }
/** One break in the chain: where, and what is wrong, in words for the manager's technical details. */
export interface ChainBreak { file: string; line: number; what: string }
/** Journaled when a check finds breaks: the chain goes on from here, and the breaks stay on record. */
export interface BreakNoticedBody { breaks: ChainBreak[]; checkedFrom: number; days: string[] }
/** A manager has seen a break notice (`noticeSeq`: the break_noticed record's seq). */
export interface BreakAcknowledgedBody { noticeSeq: number }
/** A receipt's number, given the first time the payment's receipt was made (`issuedAt`: then; a migrated one keeps its old time). */
export interface ReceiptBody { number: number; attemptId: string; issuedAt: number }
/** The receipt's e-mail was accepted by the shop's mail server: its number and when, never the address. */
export interface ReceiptEmailedBody { number: number; emailedAt: number }
/** A refund's receipt: its number (the register's one series), the refund, its sale, and the sale's receipt number it points at. */
export interface ReceiptRefundBody { number: number; refundId: string; attemptId: string; originalNumber: number; issuedAt: number }

/** A person signed in at the counter with their PIN (`by`: the same person). */
export interface SignInBody { staff: StaffRef; role: StaffRole; registerId: string }
export const SIGN_OUT_REASONS = ['switch', 'idle', 'end_of_shift'] as const;
export type SignOutReason = (typeof SIGN_OUT_REASONS)[number];
/** A person left the counter: another took it (`switch`), it locked when idle, or they signed out for the day. */
export interface SignOutBody { staff: StaffRef; registerId: string; reason: SignOutReason }

export interface KnownBodies {
  create: AttemptsBody;
  update: AttemptsBody;
  carry: CarryBody;
  close: ClosingBody;
  correction: CorrectionBody;
  takeover: TakeoverBody;
  break_noticed: BreakNoticedBody;
  break_acknowledged: BreakAcknowledgedBody;
  receipt: ReceiptBody;
  receipt_emailed: ReceiptEmailedBody;
  receipt_refund: ReceiptRefundBody;
  refund: RefundBody;
  settlement: SettlementBody;
  sign_in: SignInBody;
  sign_out: SignOutBody;
  close_month: PeriodClosingBody;
  close_year: PeriodClosingBody;
  signature: SignatureBody;
  key_changed: KeyChangedBody;
}
export type KnownKind = keyof KnownBodies;

/** Each attempt checked field by field; issues point into the list. */
export function readAttempts(r: Reader, value: unknown): Attempt[] {
  const attempts: Attempt[] = [];
  if (!Array.isArray(value)) {
    r.issue('/attempts', 'invalid', 'attempts must be a list');
    return attempts;
  }
  value.forEach((item, i) => {
    const checked = validateAttempt(item);
    if (checked.ok) attempts.push(checked.value);
    else r.issues.push(...checked.issues.map((x) => ({ ...x, pointer: `/attempts/${i}${x.pointer}` })));
  });
  return attempts;
}

type BodyReader<T> = (o: Record<string, unknown>) => Validated<T>;

/** Runs `build` with a Reader; valid only when it raised no issue. */
const reading = <T>(keys: readonly string[], build: (r: Reader, o: Record<string, unknown>) => T): BodyReader<T> => (o) => {
  const r = new Reader();
  r.noExtraKeys(o, keys);
  const value = build(r, o);
  return r.issues.length ? invalid(r.issues) : valid(value);
};

const texts = (r: Reader, v: unknown, key: string): string[] => {
  if (Array.isArray(v) && v.every((x) => typeof x === 'string')) return v as string[];
  r.issue(`/${key}`, 'invalid', `${key} must be a list of text`);
  return [];
};

const day = (r: Reader, o: Record<string, unknown>, key: string): string => {
  const v = r.string(o, key, { required: true }) ?? '';
  if (v && !isDay(v)) r.issue(`/${key}`, 'invalid', `${key} must be a day written YYYY-MM-DD`);
  return v;
};

const staff = (r: Reader, o: Record<string, unknown>): StaffRef => {
  const ref = readStaffRef(r, 'staff', o.staff);
  if (ref === null) r.issue('/staff', 'missing', 'staff is required');
  return ref ?? { id: '', name: '' };
};

const attempts = reading(['attempts'], (r, o) => ({ attempts: readAttempts(r, o.attempts) }));

export const KIND_READERS: { [K in KnownKind]: BodyReader<KnownBodies[K]> } = {
  create: attempts,
  update: attempts,
  carry: reading(['attempts', 'previousDay'], (r, o) => ({
    attempts: readAttempts(r, o.attempts),
    previousDay: o.previousDay === null || o.previousDay === undefined ? null : day(r, o, 'previousDay'),
  })),
  close: readClosingBody,
  correction: reading(['day', 'registerId', 'note', 'attemptIds'], (r, o) => ({
    day: day(r, o, 'day'), registerId: r.string(o, 'registerId', { required: true }) ?? '', note: r.string(o, 'note', { required: true }) ?? '',
    attemptIds: texts(r, o.attemptIds, 'attemptIds'),
  })),
  takeover: reading(['files'], (r, o) => {
    const files: TakenFile[] = [];
    if (!Array.isArray(o.files)) r.issue('/files', 'invalid', 'files must be a list');
    else for (const f of o.files as unknown[]) {
      const ok = isPlainObject(f) && typeof f.name === 'string' && Number.isSafeInteger(f.bytes) && typeof f.sha256 === 'string' && /^[0-9a-f]{64}$/.test(f.sha256);
      if (ok) files.push({ name: f.name as string, bytes: f.bytes as number, sha256: f.sha256 as string });
      else r.issue('/files', 'invalid', 'each file needs a name, its size in bytes and its sha256');
    }
    return { files };
  }),
  break_noticed: reading(['breaks', 'checkedFrom', 'days'], (r, o) => {
    const breaks: ChainBreak[] = [];
    if (!Array.isArray(o.breaks)) r.issue('/breaks', 'invalid', 'breaks must be a list');
    else for (const b of o.breaks as unknown[]) {
      if (isPlainObject(b) && typeof b.file === 'string' && Number.isSafeInteger(b.line) && typeof b.what === 'string') breaks.push({ file: b.file, line: b.line as number, what: b.what });
      else r.issue('/breaks', 'invalid', 'each break needs a file, a line and what is wrong');
    }
    return { breaks, checkedFrom: r.integer(o, 'checkedFrom', { required: true, min: 0 }) ?? 0, days: texts(r, o.days, 'days') };
  }),
  break_acknowledged: reading(['noticeSeq'], (r, o) => ({ noticeSeq: r.integer(o, 'noticeSeq', { required: true, min: 1 }) ?? 0 })),
  receipt: reading(['number', 'attemptId', 'issuedAt'], (r, o) => ({
    number: r.integer(o, 'number', { required: true, min: 1 }) ?? 0, attemptId: r.string(o, 'attemptId', { required: true }) ?? '',
    issuedAt: r.integer(o, 'issuedAt', { required: true, min: 0 }) ?? 0,
  })),
  receipt_emailed: reading(['number', 'emailedAt'], (r, o) => ({
    number: r.integer(o, 'number', { required: true, min: 1 }) ?? 0, emailedAt: r.integer(o, 'emailedAt', { required: true, min: 0 }) ?? 0,
  })),
  receipt_refund: reading(['number', 'refundId', 'attemptId', 'originalNumber', 'issuedAt'], (r, o) => ({
    number: r.integer(o, 'number', { required: true, min: 1 }) ?? 0, refundId: r.string(o, 'refundId', { required: true, min: 1 }) ?? '',
    attemptId: r.string(o, 'attemptId', { required: true, min: 1 }) ?? '', originalNumber: r.integer(o, 'originalNumber', { required: true, min: 1 }) ?? 0,
    issuedAt: r.integer(o, 'issuedAt', { required: true, min: 0 }) ?? 0,
  })),
  refund: readRefundBody,
  settlement: readSettlementBody,
  sign_in: reading(['staff', 'role', 'registerId'], (r, o) => ({
    staff: staff(r, o), role: r.oneOf(o, 'role', STAFF_ROLES, { required: true }) ?? 'cashier', registerId: r.string(o, 'registerId', { required: true }) ?? '',
  })),
  sign_out: reading(['staff', 'registerId', 'reason'], (r, o) => ({
    staff: staff(r, o), registerId: r.string(o, 'registerId', { required: true }) ?? '', reason: r.oneOf(o, 'reason', SIGN_OUT_REASONS, { required: true }) ?? 'switch',
  })),
  close_month: readMonthClosingBody,
  close_year: readYearClosingBody,
  signature: readSignatureBody,
  key_changed: readKeyChangedBody,
};
