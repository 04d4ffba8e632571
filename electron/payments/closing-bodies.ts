/**
 * The bodies of the closing records (`close`, `close_month`, `close_year`) and their readers.
 * A closing keeps the data its report prints (figures, number, grand total) exactly as written,
 * so a reprint years later says what the first print said; the chain vouches for the bytes and
 * the signature after the record for the register. Kept apart from record-bodies.ts so the
 * closing rules sit in one place (docs/closings.md).
 */
import type { ReportTotals } from '../../shared/domain/day-report.js';
import type { GrandTotal, MoneyFigures } from '../../shared/domain/money-figures.js';
import { isPeriod, type PeriodKind } from '../../shared/domain/closings.js';
import type { PersonTakings } from '../../shared/domain/staff-figures.js';
import { isPersonKey } from '../../shared/domain/record-by.js';
import { isDay } from '../../shared/domain/calendar-day.js';
import { isPlainObject } from '../../shared/json.js';
import { invalid, valid, type Validated } from '../../shared/result.js';
import { Reader } from '../../shared/validation/read.js';

/** `number` and `grandTotal` are absent on closings written before closings were numbered, `byPerson` on those before it was kept. */
export interface ClosingBody { day: string; registerId: string; totals: ReportTotals; attemptIds: string[]; number?: number; grandTotal?: GrandTotal; byPerson?: PersonTakings[] }

/** A month (`close_month`, period "YYYY-MM") or year (`close_year`, "YYYY") closing. */
export interface PeriodClosingBody {
  period: string;
  registerId: string;
  number: number;
  figures: MoneyFigures;
  sales: number;
  /** The numbers of the closings it sums: the month's Z numbers, the year's month numbers. */
  covers: number[];
  grandTotal: GrandTotal;
}

export const PERIOD_RECORD_KINDS = { month: 'close_month', year: 'close_year' } as const satisfies Record<PeriodKind, string>;

const isMinor = (v: unknown): v is number => Number.isSafeInteger(v);
const isCount = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 0;

function readGrandTotal(r: Reader, v: unknown): GrandTotal {
  if (isPlainObject(v) && isMinor(v.grossMinor) && isMinor(v.refundedMinor) && isMinor(v.netMinor) && v.netMinor === v.grossMinor - v.refundedMinor) {
    return { grossMinor: v.grossMinor, refundedMinor: v.refundedMinor, netMinor: v.netMinor };
  }
  r.issue('/grandTotal', 'invalid', 'grandTotal needs grossMinor, refundedMinor and netMinor = gross − refunded, in whole minor units');
  return { grossMinor: 0, refundedMinor: 0, netMinor: 0 };
}

const isPerson = (p: unknown): boolean => p === null || (isPlainObject(p) && typeof p.id === 'string' && typeof p.name === 'string' && Object.keys(p).length === 2);
const TAKINGS_KEYS = ['key', 'person', 'count', 'authorizedMinor', 'tipMinor', 'refundedMinor', 'netMinor'];

/** A closing's takings by person: each line a person key, who, and whole minor units; read as written, never recounted. */
function readByPerson(r: Reader, v: unknown): PersonTakings[] {
  const line = (p: unknown): p is PersonTakings => isPlainObject(p) && typeof p.key === 'string' && isPersonKey(p.key) && isPerson(p.person) &&
    isCount(p.count) && isMinor(p.authorizedMinor) && isMinor(p.tipMinor) && isMinor(p.refundedMinor) && isMinor(p.netMinor) &&
    Object.keys(p).every((k) => TAKINGS_KEYS.includes(k));
  if (Array.isArray(v) && v.every(line)) return v;
  r.issue('/byPerson', 'invalid', 'byPerson must list each person\'s key, who, count and money in whole minor units');
  return [];
}

const FIGURE_COUNTS = ['refused', 'rejected', 'noAnswer', 'open', 'abandoned', 'settledByHand'] as const;

function readFigures(r: Reader, v: unknown): MoneyFigures {
  const bucket = (b: unknown): b is { count: number; authorizedMinor: number; tipMinor: number } =>
    isPlainObject(b) && isCount(b.count) && isMinor(b.authorizedMinor) && isMinor(b.tipMinor);
  const dup = (b: unknown): b is { count: number; authorizedMinor: number } => isPlainObject(b) && isCount(b.count) && isMinor(b.authorizedMinor);
  const ok = isPlainObject(v) && bucket(v.authorized) && dup(v.openDuplicates) && isMinor(v.refundedMinor) && isMinor(v.netMinor) &&
    FIGURE_COUNTS.every((k) => isCount(v[k]));
  if (!ok) {
    r.issue('/figures', 'invalid', 'figures must hold every money figure in whole minor units');
    return { authorized: { count: 0, authorizedMinor: 0, tipMinor: 0 }, refundedMinor: 0, netMinor: 0, openDuplicates: { count: 0, authorizedMinor: 0 }, refused: 0, rejected: 0, noAnswer: 0, open: 0, abandoned: 0, settledByHand: 0 };
  }
  return v as unknown as MoneyFigures;
}

const registerIdOf = (r: Reader, o: Record<string, unknown>): string => r.string(o, 'registerId', { required: true }) ?? '';

export function readClosingBody(o: Record<string, unknown>): Validated<ClosingBody> {
  const r = new Reader();
  r.noExtraKeys(o, ['day', 'registerId', 'totals', 'attemptIds', 'number', 'grandTotal', 'byPerson']);
  const day = r.string(o, 'day', { required: true }) ?? '';
  if (day && !isDay(day)) r.issue('/day', 'invalid', 'day must be a day written YYYY-MM-DD');
  // The totals are what the printed report said: kept as written (the chain vouches for them), never recomputed.
  if (!isPlainObject(o.totals)) r.issue('/totals', 'invalid', 'totals must be an object');
  const ids = o.attemptIds;
  const attemptIds = Array.isArray(ids) && ids.every((x) => typeof x === 'string') ? (ids as string[]) : [];
  if (attemptIds !== ids) r.issue('/attemptIds', 'invalid', 'attemptIds must be a list of text');
  const body: ClosingBody = { day, registerId: registerIdOf(r, o), totals: o.totals as unknown as ReportTotals, attemptIds };
  if (o.number !== undefined || o.grandTotal !== undefined) {
    body.number = r.integer(o, 'number', { required: true, min: 1 }) ?? 0;
    body.grandTotal = readGrandTotal(r, o.grandTotal);
  }
  if (o.byPerson !== undefined) body.byPerson = readByPerson(r, o.byPerson);
  return r.issues.length ? invalid(r.issues) : valid(body);
}

const readPeriodBody = (kind: PeriodKind) => (o: Record<string, unknown>): Validated<PeriodClosingBody> => {
  const r = new Reader();
  r.noExtraKeys(o, ['period', 'registerId', 'number', 'figures', 'sales', 'covers', 'grandTotal']);
  const period = r.string(o, 'period', { required: true }) ?? '';
  if (period && !isPeriod(kind, period)) r.issue('/period', 'invalid', `period must be a ${kind} written ${kind === 'month' ? 'YYYY-MM' : 'YYYY'}`);
  const covers = Array.isArray(o.covers) && o.covers.every((n) => Number.isSafeInteger(n) && (n as number) >= 1) ? (o.covers as number[]) : null;
  if (!covers) r.issue('/covers', 'invalid', 'covers must be a list of closing numbers');
  const body: PeriodClosingBody = {
    period, registerId: registerIdOf(r, o), number: r.integer(o, 'number', { required: true, min: 1 }) ?? 0,
    figures: readFigures(r, o.figures), sales: r.integer(o, 'sales', { required: true, min: 0 }) ?? 0, covers: covers ?? [],
    grandTotal: readGrandTotal(r, o.grandTotal),
  };
  return r.issues.length ? invalid(r.issues) : valid(body);
};

export const readMonthClosingBody = readPeriodBody('month');
export const readYearClosingBody = readPeriodBody('year');
