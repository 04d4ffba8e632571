/**
 * A day closing read back from the store is input like any other: another register, an older or
 * hand-edited row may hold anything. Each row is checked in full (the totals a Z report prints
 * included) and must agree with its own key, or it is refused with the reason.
 */
import * as v from 'valibot';
import { isDay } from '../../shared/domain/calendar-day.js';
import { STAFF_ID_RE } from '../../shared/domain/staff.js';
import type { DayClosing, DayCorrection, ReportTotals } from '../../shared/domain/day-report.js';
import type { GrandTotal } from '../../shared/domain/money-figures.js';
import { parseBoundedJson } from '../../shared/validation/bounded-json.js';

/** One day's attempt ids: thousands at most, far below these. */
const MAX_JSON_CHARS = 4 * 1024 * 1024;
const MAX_IDS = 100_000;

const count = v.pipe(v.number(), v.safeInteger(), v.minValue(0));
const minor = v.pipe(v.number(), v.safeInteger());
const key = v.pipe(v.string(), v.minLength(1), v.maxLength(200));
const bucket = v.strictObject({ count, authorizedMinor: minor, tipMinor: minor });
const buckets = v.record(key, bucket);

// Closings written before refunds and net takings existed lack those figures: nothing was refunded then.
const totalsSchema = v.pipe(
  v.strictObject({
    authorized: bucket,
    refundedMinor: v.optional(minor, 0), netMinor: v.optional(minor), settledByHand: v.optional(count, 0),
    refused: count, rejected: count, noAnswer: count, open: count, abandoned: count,
    openDuplicates: v.strictObject({ count, authorizedMinor: minor }),
    sales: count,
    averageTicketMinor: v.nullable(minor),
    byTerminal: buckets, byRegister: buckets, byPaymentMethod: buckets,
    byHour: v.pipe(v.array(minor), v.length(24)),
  }),
  v.transform((t) => ({ ...t, netMinor: t.netMinor ?? t.authorized.authorizedMinor - t.refundedMinor })),
) satisfies v.GenericSchema<unknown, ReportTotals>;

const attemptIds = v.pipe(v.array(key), v.maxLength(MAX_IDS));
/** What a manager types: a name on one line, a note (as the requests that wrote them allow). */
const name = v.pipe(v.string(), v.minLength(1), v.maxLength(60), v.check((s) => !/[\p{Cc}\p{Cf}]/u.test(s), 'a name on one line'));
const note = v.pipe(v.string(), v.maxLength(500), v.check((s) => s.trim() !== '', 'a note of blanks only'));

export interface ClosingRow {
  register_id: unknown;
  day: unknown;
  kind: unknown;
  at_ms: unknown;
  closed_by: unknown;
  /** The staff member's id; null (or absent on older rows) for a typed name. */
  closed_by_id?: unknown;
  totals: unknown;
  note: unknown;
  attempt_ids: unknown;
  /** Null on closings from before numbering (and on corrections). */
  z_number?: unknown;
  grand_total?: unknown;
}

export type CheckedClosing = { ok: true; record: DayClosing | DayCorrection } | { ok: false; why: string };

function json(raw: unknown, what: string): { ok: true; value: unknown } | { ok: false; why: string } {
  if (typeof raw !== 'string') return { ok: false, why: `${what} missing` };
  const parsed = parseBoundedJson(raw, MAX_JSON_CHARS);
  return parsed.ok ? { ok: true, value: parsed.value } : { ok: false, why: `${what}: ${parsed.reason}` };
}

function issue(result: v.SafeParseResult<v.GenericSchema>, what: string): string | null {
  if (result.success) return null;
  const first = result.issues[0];
  const path = first?.path?.map((p) => String(p.key)).join('/') ?? '';
  return `${what}${path ? ` /${path}` : ''}: ${first?.message ?? 'invalid'}`;
}

const grandTotalSchema = v.pipe(
  v.strictObject({ grossMinor: minor, refundedMinor: minor, netMinor: minor }),
  v.check((g) => g.netMinor === g.grossMinor - g.refundedMinor, 'net must be gross − refunded'),
);

/** A closing's Z number and grand total, both or neither (a closing from before numbering). */
function numberOf(row: ClosingRow): { ok: true; value: { number?: number; grandTotal?: GrandTotal } } | { ok: false; why: string } {
  if ((row.z_number ?? null) === null && (row.grand_total ?? null) === null) return { ok: true, value: {} };
  if (!Number.isSafeInteger(row.z_number) || (row.z_number as number) < 1) return { ok: false, why: 'the Z number is not a number from 1 up' };
  const raw = json(row.grand_total, 'the grand total');
  if (!raw.ok) return raw;
  const checked = v.safeParse(grandTotalSchema, raw.value);
  if (!checked.success) return { ok: false, why: issue(checked, 'the grand total') ?? '' };
  return { ok: true, value: { number: row.z_number as number, grandTotal: checked.output } };
}

/** The row as a closing or a correction, or why it cannot be one. JSON columns arrive as text. */
export function checkClosingRow(row: ClosingRow): CheckedClosing {
  if (typeof row.register_id !== 'string' || row.register_id === '' || row.register_id.length > 200) return { ok: false, why: 'the row names no register' };
  if (typeof row.day !== 'string' || !isDay(row.day)) return { ok: false, why: 'the row names no calendar day' };
  const at = typeof row.at_ms === 'string' && /^[0-9]{1,16}$/.test(row.at_ms) ? Number(row.at_ms) : NaN;
  if (!Number.isSafeInteger(at)) return { ok: false, why: 'the closing time is not a time' };
  const by = v.safeParse(name, row.closed_by);
  if (!by.success) return { ok: false, why: issue(by, 'the manager\'s name') ?? '' };
  const staffId = typeof row.closed_by_id === 'string' ? row.closed_by_id : null;
  if ((row.closed_by_id ?? null) !== null && (staffId === null || !STAFF_ID_RE.test(staffId))) return { ok: false, why: 'the manager\'s staff id is not an id' };
  const ids = json(row.attempt_ids, 'the payments list');
  if (!ids.ok) return ids;
  const idsChecked = v.safeParse(attemptIds, ids.value);
  if (!idsChecked.success) return { ok: false, why: issue(idsChecked, 'the payments list') ?? '' };
  const common = { day: row.day, at, by: by.output, ...(staffId === null ? {} : { byStaff: { id: staffId, name: by.output } }), registerId: row.register_id, attemptIds: idsChecked.output };
  if (row.kind === 'close') {
    const totals = json(row.totals, 'the totals');
    if (!totals.ok) return totals;
    const checked = v.safeParse(totalsSchema, totals.value);
    if (!checked.success) return { ok: false, why: issue(checked, 'the totals') ?? '' };
    const numbered = numberOf(row);
    if (!numbered.ok) return numbered;
    return { ok: true, record: { kind: 'close', ...common, totals: checked.output, ...numbered.value } };
  }
  if (row.kind === 'correction') {
    const checked = v.safeParse(note, row.note);
    if (!checked.success) return { ok: false, why: issue(checked, 'the correction\'s note') ?? '' };
    return { ok: true, record: { kind: 'correction', ...common, note: checked.output } };
  }
  return { ok: false, why: 'neither a closing nor a correction' };
}
