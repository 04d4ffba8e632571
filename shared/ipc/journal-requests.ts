/**
 * The requests of the journal's screens: a day or a range of days, a person as reports name
 * them, an export, a search, a day closed or corrected, a break seen. Apart from requests.ts
 * (which re-exports them) because the two together passed the length a file is read at.
 */
import * as v from 'valibot';
import { isDay } from '../domain/calendar-day.js';
import { isPersonKey } from '../domain/record-by.js';
import { EXPORT_FORMATS } from '../domain/export-format.js';
import { HISTORY_SCOPES, type ReportStatus } from '../domain/day-report.js';
import { LANGUAGES } from '../i18n/languages.js';
import { issuesOf, oneOf, request, text } from './schema-kit.js';

const opt = v.optional;

/** Trimmed BEFORE the length rules: a note of blanks only is refused as an empty one, never saved empty. */
export function blankless(field: string, max: number) {
  return v.pipe(v.string(`${field} must be text`), v.trim(), text(field, max, { min: 1 }));
}

export const day = (field: string) => text(field, 10, { ok: isDay, says: `${field} must be a calendar day written YYYY-MM-DD` });
const rangeOrder = <T extends { from: string; to: string }>() => issuesOf((o: T) =>
  (o.from > o.to ? [{ pointer: '/to', code: 'invalid', detail: 'the range must not end before it starts' }] : []));

/** A person's name as typed at the register: required, short, one line. */
export const personName = (field: string) => v.pipe(
  text(field, 60, { ok: (s) => s.trim() !== '' && !/[\r\n]/.test(s), says: `${field} must be a name on one line` }),
  v.trim(),
);

const scope = opt(oneOf('scope', HISTORY_SCOPES));

/** A range to export; scope 'store' exports the whole store (store mode); format csv when absent; language of the words in it. */
export const journalExport = v.pipe(
  request({ from: day('from'), to: day('to'), scope, format: opt(oneOf('format', EXPORT_FORMATS)), language: opt(oneOf('language', LANGUAGES)) }),
  rangeOrder(),
);

const REPORT_STATUSES = ['authorized', 'refused', 'rejected', 'no_answer', 'open'] as const satisfies readonly ReportStatus[];
/** Empty filters mean "any"; they are left out rather than passed on as empty text. */
/** A person as reports key them (record-by.ts): nobody, a staff id or a typed name. */
export const personKeyText = (field: string, orEmpty = false) =>
  text(field, 100, { ok: (s) => (orEmpty && s === '') || isPersonKey(s), says: `${field} must name a person of the journal` });
const filter = <S extends v.GenericSchema<unknown, string>>(schema: S) =>
  v.pipe(opt(schema), v.transform((s) => (s ? s : undefined)));

export const historyQuery = v.pipe(
  request({
    from: day('from'),
    to: day('to'),
    registerId: filter(text('registerId', 100)),
    terminalId: filter(text('terminalId', 100)),
    status: opt(oneOf('status', REPORT_STATUSES)),
    search: filter(text('search', 100)),
    cashier: filter(personKeyText('cashier', true)),
    scope,
  }),
  rangeOrder(),
  v.transform((q) => Object.fromEntries(Object.entries(q).filter(([, x]) => x !== undefined)) as typeof q),
);

/** The names typed below are asked only while no staff manager is known: a manager's own PIN names them instead. */
export const closeDayRequest = request({ day: day('day'), closedBy: v.optional(personName('closedBy')) });

export const correctDayRequest = request({
  day: day('day'),
  by: v.optional(personName('by')),
  note: blankless('note', 500),
});

/** A manager has seen a journal-break notice (`seq`: the record that noticed it). */
export const acknowledgeChainBreak = request({
  seq: v.pipe(v.number('seq must be a number'), v.integer('seq must be a whole number'), v.minValue(1, 'seq must be at least 1')),
  by: v.optional(personName('by')),
});

export type CloseDayRequest = v.InferOutput<typeof closeDayRequest>;
export type CorrectDayRequest = v.InferOutput<typeof correctDayRequest>;
