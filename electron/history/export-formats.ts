/**
 * The three files an accountant can ask for, by name, shared by the back office and
 * `npm run journal -- export --format`: `csv` (the plain, tool-friendly one), `excel` (the CSV a
 * spreadsheet in the export's language opens straight) and `xlsx` (a real workbook).
 */
import type { ReportRow } from '../../shared/domain/day-report.js';
import { EXPORT_FORMATS, type ExportFormat } from '../../shared/domain/export-format.js';
import type { Language } from '../../shared/i18n/languages.js';
import { toCsv, toExcelCsv } from './csv-export.js';
import type { ExportOptions } from './export-table.js';

export { EXPORT_FORMATS, type ExportFormat };

export interface RenderedExport {
  /** The file's extension, without the dot. */
  extension: 'csv' | 'xlsx';
  mime: string;
  /** Text for the CSVs, bytes for the workbook. */
  content: string | Uint8Array;
}

export async function renderExport(format: ExportFormat, rows: readonly ReportRow[], language: Language, opts: ExportOptions = {}): Promise<RenderedExport> {
  switch (format) {
    case 'csv':
      return { extension: 'csv', mime: 'text/csv', content: toCsv(rows, { ...opts, language }) };
    case 'excel':
      return { extension: 'csv', mime: 'text/csv', content: toExcelCsv(rows, language, opts) };
    case 'xlsx': {
      // Loaded only when asked for: the workbook library is large and the CSVs never need it.
      const { toXlsx } = await import('./xlsx-export.js');
      return { extension: 'xlsx', mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', content: await toXlsx(rows, language, opts) };
    }
  }
}
