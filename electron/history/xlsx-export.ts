/**
 * The accountant's workbook (.xlsx): a sheet of payments with the CSV's columns and a sheet of
 * totals, counted with the one definition of the money figures. Amounts are real numbers with a
 * currency format (the spreadsheet sums them; cents become a decimal only here, at the edge),
 * days are real dates in the language's order, and every text cell is typed as text, so an order
 * reference such as "=HYPERLINK(…)" is shown, never run. Written with exceljs.
 */
import ExcelJS from 'exceljs';
import { computeTotals, type ReportRow } from '../../shared/domain/day-report.js';
import { refusedCount } from '../../shared/domain/money-figures.js';
import type { MessageId } from '../../shared/i18n/catalogs/en.js';
import { translator } from '../../shared/i18n/translate.js';
import type { Language } from '../../shared/i18n/languages.js';
import { EXPORT_COLUMNS, exportRows, kindOf, type ExportOptions } from './export-table.js';

/** Euro amounts, negative ones in the accountant's usual way. */
export const MONEY_FORMAT = '#,##0.00 "€";-#,##0.00 "€"';
const DAY_FORMATS: Record<Language, string> = { en: 'dd/mm/yyyy', fr: 'dd/mm/yyyy', it: 'dd/mm/yyyy', es: 'dd/mm/yyyy', de: 'dd.mm.yyyy' };

const asDate = (iso: string): Date => {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
};

function paymentsSheet(wb: ExcelJS.Workbook, name: string, rows: readonly ReportRow[], language: Language, opts: ExportOptions): void {
  const sheet = wb.addWorksheet(name);
  sheet.columns = EXPORT_COLUMNS.map((c) => {
    const kind = kindOf(c);
    return {
      header: c, key: c, width: Math.max(c.length + 2, kind === 'money' ? 12 : 14),
      style: kind === 'money' ? { numFmt: MONEY_FORMAT } : kind === 'day' ? { numFmt: DAY_FORMATS[language] } : {},
    };
  });
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  for (const r of exportRows(rows, { ...opts, language })) {
    const added = sheet.addRow({});
    EXPORT_COLUMNS.forEach((c, i) => {
      const cell = added.getCell(i + 1);
      const value = r[c];
      if (value === null) return;
      const kind = kindOf(c);
      // A string value is a shared-string cell: text, never a formula, whatever it starts with.
      cell.value = kind === 'money' ? Number(value) / 100 : kind === 'day' ? asDate(String(value)) : String(value);
    });
  }
}

function totalsSheet(wb: ExcelJS.Workbook, name: string, rows: readonly ReportRow[], language: Language, refunds: ExportOptions['refunds'] = []): void {
  const t = translator(language);
  const f = computeTotals(rows, undefined, refunds);
  const sheet = wb.addWorksheet(name);
  sheet.columns = [{ width: 36 }, { width: 16 }, { width: 16 }];
  const money = (id: MessageId, minor: number) => {
    const row = sheet.addRow([t(id), minor / 100]);
    row.getCell(2).numFmt = MONEY_FORMAT;
  };
  const count = (id: MessageId, n: number) => sheet.addRow([t(id), n]);
  money('history.totals.paid', f.authorized.authorizedMinor);
  money('history.totals.tips', f.authorized.tipMinor);
  money('history.totals.refunded', f.refundedMinor);
  money('history.totals.net', f.netMinor);
  count('history.totals.payments', f.authorized.count);
  count('history.totals.sales', f.sales);
  count('history.totals.refused', refusedCount(f));
  count('history.totals.noAnswer', f.noAnswer);
  count('history.totals.abandoned', f.abandoned);
  count('history.totals.settledByHand', f.settledByHand);
  const dup = sheet.addRow([t('history.totals.openDuplicates'), f.openDuplicates.count, f.openDuplicates.authorizedMinor / 100]);
  dup.getCell(3).numFmt = MONEY_FORMAT;
  sheet.getColumn(1).font = { bold: true };
}

/** The workbook's bytes. */
export async function toXlsx(rows: readonly ReportRow[], language: Language, opts: ExportOptions = {}): Promise<Uint8Array> {
  const t = translator(language);
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Counterpay';
  paymentsSheet(wb, t('history.z.payments'), rows, language, opts);
  totalsSheet(wb, t('history.z.totals'), rows, language, opts.refunds);
  return new Uint8Array(await wb.xlsx.writeBuffer());
}
