/**
 * The accountant's CSV, in two dialects of the same table (export-table.ts):
 * - `csv`: comma-separated, amounts with a dot and days as YYYY-MM-DD whatever the shop's
 *   language, so every accounting tool and script reads it alike;
 * - `excel`: what a spreadsheet set to the export's language opens with a double click, no import
 *   dialog: a UTF-8 byte order mark (else accents come out garbled), `;` between cells and a
 *   decimal comma in French, Italian, German and Spanish, and days written the language's way.
 *
 * An order reference or a note is typed at the counter, so a cell that starts like a formula
 * ("=HYPERLINK(…)", "+1", "-2", "@SUM") would run in the accountant's spreadsheet: such cells
 * are neutralised with a leading apostrophe, the convention spreadsheets display as text.
 */
import { stringify } from 'csv-stringify/sync';
import { minorToDecimalString } from '../../shared/money.js';
import type { ReportRow } from '../../shared/domain/day-report.js';
import type { Language } from '../../shared/i18n/languages.js';
import { EXPORT_COLUMNS, exportRows, kindOf, type ExportCell, type ExportColumn, type ExportOptions } from './export-table.js';

/** The CSV's columns (the same in every format). */
export const CSV_COLUMNS = EXPORT_COLUMNS;

const FORMULA_START = /^[=+\-@\t\r]/;

/** Makes a cell read as text in a spreadsheet however it starts. */
export function neutralise(cell: string): string {
  return FORMULA_START.test(cell) ? `'${cell}` : cell;
}

interface Dialect {
  delimiter: string;
  decimal: string;
  /** "YYYY-MM-DD" as the language writes a day. */
  day: (iso: string) => string;
}

const dmy = (sep: string) => (iso: string) => {
  const [y, m, d] = iso.split('-');
  return `${d}${sep}${m}${sep}${y}`;
};

const PLAIN: Dialect = { delimiter: ',', decimal: '.', day: (iso) => iso };

/** What a spreadsheet in each language expects (English: the United Kingdom's, a euro-area neighbour's day order). */
export const EXCEL_DIALECTS: Record<Language, Dialect> = {
  en: { delimiter: ',', decimal: '.', day: dmy('/') },
  fr: { delimiter: ';', decimal: ',', day: dmy('/') },
  it: { delimiter: ';', decimal: ',', day: dmy('/') },
  es: { delimiter: ';', decimal: ',', day: dmy('/') },
  de: { delimiter: ';', decimal: ',', day: dmy('.') },
};

function written(column: ExportColumn, value: ExportCell, d: Dialect): string {
  if (value === null) return '';
  switch (kindOf(column)) {
    case 'money': return minorToDecimalString(Number(value)).replace('.', d.decimal);
    case 'day': return d.day(String(value));
    default: return neutralise(String(value));
  }
}

function toDialect(rows: readonly ReportRow[], opts: ExportOptions, d: Dialect): string {
  const body = exportRows(rows, opts).map((r) => EXPORT_COLUMNS.map((c) => written(c, r[c], d)));
  return stringify([[...EXPORT_COLUMNS], ...body], { record_delimiter: '\r\n', delimiter: d.delimiter });
}

export type CsvOptions = ExportOptions;

/** The plain CSV: comma, decimal dot, ISO days. */
export function toCsv(rows: readonly ReportRow[], opts: CsvOptions = {}): string {
  return toDialect(rows, opts, PLAIN);
}

/** The CSV a spreadsheet in `language` opens straight (with its byte order mark). */
export function toExcelCsv(rows: readonly ReportRow[], language: Language, opts: CsvOptions = {}): string {
  return `\ufeff${toDialect(rows, { ...opts, language }, EXCEL_DIALECTS[language])}`;
}
