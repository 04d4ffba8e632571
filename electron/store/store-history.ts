/**
 * The whole store's days, read back from the store's tables for the manager's journal, the store's
 * Z report and the accountant's export. Each attempt is rebuilt from the journal record its
 * register shipped last (the `attempts` table only says which record that is and finds a day's
 * attempts by index). Rows from the database are input like the journal files: every one is
 * validated, and a row that fails is reported (register, record, attempt, why) and counted,
 * never skipped silently; the attempt then falls back to the newest earlier record that reads.
 */
import { FINAL_STATES, isFinal, type Attempt } from '../../shared/domain/attempt.js';
import { isTimeZone, wallTime } from '../../shared/domain/calendar-day.js';
import type { DayRange } from '../../shared/domain/day-report.js';
import { parseBoundedJson } from '../../shared/validation/bounded-json.js';
import { isRegisterName } from '../../shared/validation/register-name.js';
import { amountIssues, MAX_PAYMENT_MINOR } from '../../shared/validation/terminal-payment.js';
import { validateAttempt } from '../payments/attempt-validation.js';
import type { Refund, Settlement } from '../../shared/domain/refunds.js';
import { readStoreMoney } from './store-money.js';

/** What the reader needs of pg: a Pool, a PoolClient and a Client all fit. */
export interface Queryable {
  query<R extends object>(sql: string, params?: unknown[]): Promise<{ rows: R[] }>;
}

export interface StoreDay {
  /** Last readable snapshot of every attempt created within the range, oldest first. */
  attempts: Attempt[];
  /** One line per store row that could not be read: which register, record and attempt, and why. */
  damaged: string[];
  /** Every register the store knows, by id, with the name people read. */
  registerNames: Record<string, string>;
  /** Each register's time zone (IANA name), by id; a register that never said has none (this process's zone stands in). */
  registerZones: Record<string, string>;
  /** Refunds recorded in the range, each cut by its register's day (a refund counts on the day it was recorded). */
  refunds: Refund[];
  /** Every refund of the range's payments, whenever recorded: what each payment shows as refunded. */
  refundsOfPayments: Refund[];
  settlements: Settlement[];
}

/** A snapshot is one attempt: far below this even with a long note. */
const MAX_SNAPSHOT_CHARS = 256 * 1024;
const DAY_MS = 24 * 3600_000;
/** How many earlier records to try for an attempt whose newest shipped record is damaged. */
const FALLBACK_RECORDS = 50;

interface RecordRow { register_id: unknown; seq: unknown; attempt_id: unknown; snapshot: unknown }

/** Local midnight of a "YYYY-MM-DD" day. */
function midnightOf(day: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d).getTime();
}

type Checked = { ok: true; attempt: Attempt } | { ok: false; why: string };

/** The shipped record as untrusted input: its JSON, its shape, and that it is the attempt and register its keys say. */
export function checkRecordRow(row: RecordRow): Checked {
  if (typeof row.register_id !== 'string' || typeof row.attempt_id !== 'string') return { ok: false, why: 'the row names no register or attempt' };
  if (typeof row.snapshot !== 'string') return { ok: false, why: 'the shipped record is missing' };
  const json = parseBoundedJson(row.snapshot, MAX_SNAPSHOT_CHARS);
  if (!json.ok) return { ok: false, why: json.reason };
  const checked = validateAttempt(json.value);
  if (!checked.ok) {
    const first = checked.issues[0];
    const more = checked.issues.length > 1 ? ` (and ${checked.issues.length - 1} more)` : '';
    return { ok: false, why: `not a readable payment attempt: ${first ? `${first.pointer} ${first.detail}` : 'invalid'}${more}` };
  }
  if (checked.value.id !== row.attempt_id) return { ok: false, why: `the snapshot is attempt ${checked.value.id.slice(0, 100)}, not the row's` };
  if (checked.value.registerId !== row.register_id) return { ok: false, why: 'the snapshot belongs to another register' };
  const outOfBounds = amountsOutOfBounds(checked.value);
  if (outOfBounds) return { ok: false, why: outOfBounds };
  return { ok: true, attempt: checked.value };
}

/** Counted into totals: an amount no terminal could have charged was not written by a register. */
function amountsOutOfBounds(a: Attempt): string | null {
  if (amountIssues(a.amountMinor).length > 0) return `amount ${a.amountMinor} is not one a terminal accepts`;
  // A tip may come on top of the largest amount, never more than that again.
  for (const [what, v] of [['authorized amount', a.authorizedAmountMinor], ['tip', a.tipMinor]] as const) {
    if (v !== null && (!Number.isSafeInteger(v) || v < 0 || v > 2 * MAX_PAYMENT_MINOR)) return `${what} ${v} is not one a terminal accepts`;
  }
  return null;
}

const where = (row: RecordRow, names: Record<string, string>): string => {
  const register = typeof row.register_id === 'string' ? names[row.register_id] ?? row.register_id : '?';
  return `store register ${register} record ${String(row.seq)} attempt ${String(row.attempt_id)}`;
};

export async function readStoreDay(db: Queryable, range: DayRange): Promise<StoreDay> {
  const { registerNames, registerZones } = await readRegisters(db);
  // A day's bounds in this process's time zone, widened by two days each side (every zone on Earth
  // is within 26 hours of this one): the exact cut is each snapshot's day in its register's zone below.
  const from = midnightOf(range.from) - 2 * DAY_MS;
  const to = midnightOf(range.to) + 3 * DAY_MS;
  const newest = await db.query<RecordRow>(
    `SELECT a.register_id, a.seq::text AS seq, a.attempt_id, j.snapshot::text AS snapshot
     FROM attempts a LEFT JOIN journal_records j ON j.register_id = a.register_id AND j.seq = a.seq AND j.attempt_id = a.attempt_id
     WHERE a.created_at_ms >= $1 AND a.created_at_ms < $2
     ORDER BY a.created_at_ms, a.attempt_id`,
    [from, to],
  );
  const attempts: Attempt[] = [];
  const damaged: string[] = [];
  const fallBack: RecordRow[] = [];
  const keep = (a: Attempt) => {
    const day = wallTime(a.createdAt, registerZones[a.registerId]).day;
    if (day >= range.from && day <= range.to) attempts.push(a);
  };
  for (const row of newest.rows) {
    const checked = checkRecordRow(row);
    if (checked.ok) keep(checked.attempt);
    else {
      damaged.push(`${where(row, registerNames)} ignored: ${checked.why}`);
      fallBack.push(row);
    }
  }
  for (const a of await olderReadable(db, fallBack, registerNames, damaged)) keep(a);
  attempts.sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id));
  const money = await readStoreMoney(db, from, registerNames);
  damaged.push(...money.damaged);
  const inRange = (r: Refund) => {
    const day = wallTime(r.at, registerZones[r.registerId]).day;
    return day >= range.from && day <= range.to;
  };
  return { attempts, damaged, registerNames, registerZones, refunds: money.refunds.filter(inRange), refundsOfPayments: money.refunds, settlements: money.settlements };
}

/**
 * For each attempt whose newest shipped record is damaged, the newest earlier record that reads;
 * each damaged one on the way is reported too. One query for all of them, however many.
 */
async function olderReadable(db: Queryable, newest: RecordRow[], names: Record<string, string>, damaged: string[]): Promise<Attempt[]> {
  const named = newest.filter((r): r is RecordRow & { register_id: string; attempt_id: string } => typeof r.register_id === 'string' && typeof r.attempt_id === 'string');
  if (named.length === 0) return [];
  const older = await db.query<RecordRow>(
    `SELECT register_id, seq, attempt_id, snapshot FROM (
       SELECT j.register_id, j.seq::text AS seq, j.attempt_id, j.snapshot::text AS snapshot,
              row_number() OVER (PARTITION BY j.register_id, j.attempt_id ORDER BY j.seq DESC) AS n
       FROM unnest($1::text[], $2::text[], $3::bigint[]) AS d(register_id, attempt_id, seq)
       JOIN journal_records j ON j.register_id = d.register_id AND j.attempt_id = d.attempt_id AND j.seq < d.seq) o
     WHERE n <= ${FALLBACK_RECORDS} ORDER BY register_id, attempt_id, seq::bigint DESC`,
    [named.map((r) => r.register_id), named.map((r) => r.attempt_id), named.map((r) => String(r.seq))],
  );
  const found = new Map<string, Attempt>();
  for (const row of older.rows) {
    const key = `${String(row.register_id)}\u0000${String(row.attempt_id)}`;
    if (found.has(key)) continue;
    const checked = checkRecordRow(row);
    if (checked.ok) found.set(key, checked.attempt);
    else damaged.push(`${where(row, names)} ignored: ${checked.why}`);
  }
  return [...found.values()];
}

/** The highest sequence of a register's records the store holds (0 for none): a journal behind it lost files. */
/**
 * This register's attempts the store holds open (not final), from each one's newest readable
 * record: a journal that lost its newest file takes them in again so they stay watched. A row that
 * does not read is left out (the whole-store view names it).
 */
export async function openInStore(db: { withClient<T>(fn: (c: Queryable) => Promise<T>): Promise<T> }, registerId: string): Promise<Attempt[]> {
  const res = await db.withClient((c) => c.query<RecordRow>(
    `SELECT a.register_id, a.seq::text AS seq, a.attempt_id, j.snapshot::text AS snapshot
     FROM attempts a JOIN journal_records j ON j.register_id = a.register_id AND j.seq = a.seq AND j.attempt_id = a.attempt_id
     WHERE a.register_id = $1 AND a.state <> ALL($2::text[]) ORDER BY a.created_at_ms`,
    [registerId, [...FINAL_STATES]],
  ));
  return res.rows.map(checkRecordRow).flatMap((c) => (c.ok && !isFinal(c.attempt.state) ? [c.attempt] : []));
}

export async function lastShippedSeq(db: { withClient<T>(fn: (c: Queryable) => Promise<T>): Promise<T> }, registerId: string): Promise<number> {
  const res = await db.withClient((c) => c.query<{ seq: string | null }>('SELECT max(seq)::text AS seq FROM journal_records WHERE register_id = $1', [registerId]));
  const seq = Number(res.rows[0]?.seq ?? 0);
  return Number.isSafeInteger(seq) && seq > 0 ? seq : 0;
}

async function readRegisters(db: Queryable): Promise<Pick<StoreDay, 'registerNames' | 'registerZones'>> {
  const res = await db.query<{ register_id: unknown; name: unknown; time_zone: unknown }>('SELECT register_id, name, time_zone FROM registers ORDER BY register_id');
  const names: Record<string, string> = {};
  const zones: Record<string, string> = {};
  for (const r of res.rows) {
    if (typeof r.register_id !== 'string') continue;
    // A zone this runtime does not know would throw in every date below: it is left out, as if never told.
    if (typeof r.time_zone === 'string' && r.time_zone.length <= 100 && isTimeZone(r.time_zone)) zones[r.register_id] = r.time_zone;
    // A name is shown on screens and in the CSV: one short line, else the register's id stands in.
    names[r.register_id] = isRegisterName(r.name) ? r.name : r.register_id;
  }
  return { registerNames: names, registerZones: zones };
}
