/**
 * The whole store's days, read back from the store's tables for the manager's journal, the store's
 * Z report and the accountant's export. Each attempt is rebuilt from the journal record its
 * register shipped last (the `attempts` table only says which record that is and finds a day's
 * attempts by index). Rows from the database are input like the journal files: every one is
 * validated, and a row that fails is reported (register, record, attempt, why) and counted,
 * never skipped silently; the attempt then falls back to the newest earlier record that reads.
 */
import type { Attempt } from '../../shared/domain/attempt.js';
import { isTimeZone, wallTime } from '../../shared/domain/calendar-day.js';
import type { DayRange } from '../../shared/domain/day-report.js';
import { parseBoundedJson } from '../../shared/validation/bounded-json.js';
import { validateAttempt } from '../payments/attempt-validation.js';

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
  return { ok: true, attempt: checked.value };
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
  for (const row of newest.rows) {
    let checked = checkRecordRow(row);
    if (!checked.ok) {
      damaged.push(`${where(row, registerNames)} ignored: ${checked.why}`);
      checked = await olderReadable(db, row, registerNames, damaged);
    }
    if (!checked.ok) continue;
    const day = wallTime(checked.attempt.createdAt, registerZones[checked.attempt.registerId]).day;
    if (day >= range.from && day <= range.to) attempts.push(checked.attempt);
  }
  attempts.sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id));
  return { attempts, damaged, registerNames, registerZones };
}

/** The newest earlier shipped record of the attempt that reads; each damaged one on the way is reported too. */
async function olderReadable(db: Queryable, newest: RecordRow, names: Record<string, string>, damaged: string[]): Promise<Checked> {
  if (typeof newest.register_id !== 'string' || typeof newest.attempt_id !== 'string') return { ok: false, why: 'unnamed' };
  const older = await db.query<RecordRow>(
    `SELECT register_id, seq::text AS seq, attempt_id, snapshot::text AS snapshot FROM journal_records
     WHERE register_id = $1 AND attempt_id = $2 AND seq < $3 ORDER BY seq DESC LIMIT ${FALLBACK_RECORDS}`,
    [newest.register_id, newest.attempt_id, newest.seq],
  );
  for (const row of older.rows) {
    const checked = checkRecordRow(row);
    if (checked.ok) return checked;
    damaged.push(`${where(row, names)} ignored: ${checked.why}`);
  }
  return { ok: false, why: 'no readable record' };
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
    const name = typeof r.name === 'string' ? r.name.trim() : '';
    names[r.register_id] = name !== '' && name.length <= 100 && !/[\r\n]/.test(name) ? name : r.register_id;
  }
  return { registerNames: names, registerZones: zones };
}
