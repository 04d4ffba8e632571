/** The manager's history screen, as pure decisions: default range, words for statuses, the CSV download. */
import type { ReportRow, ReportStatus } from '../../../shared/domain/day-report.js';

/** The local calendar day of a moment, "YYYY-MM-DD", as the journal names days. */
export function localDayOf(ms: number): string {
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

export const STATUS_WORDS: Record<ReportStatus, string> = {
  authorized: 'Paid',
  refused: 'Refused',
  rejected: 'Not accepted by the bank',
  no_answer: 'No answer',
  open: 'In progress',
};

/** Badge colour classes of the shared stylesheet. */
export const STATUS_TONE: Record<ReportStatus, 'success' | 'danger' | 'warning' | 'progress'> = {
  authorized: 'success', refused: 'danger', rejected: 'danger', no_answer: 'warning', open: 'progress',
};

export function statusWords(row: Pick<ReportRow, 'status' | 'abandoned'>): string {
  const base = STATUS_WORDS[row.status];
  return row.abandoned && row.status !== 'authorized' ? `${base} (abandoned)` : base;
}

/** The card as a person reads it: "Visa •••• 4242", or nothing when the bank told nothing. */
export function cardWords(row: Pick<ReportRow, 'paymentMethod' | 'cardLast4'>): string {
  if (!row.cardLast4) return row.paymentMethod ?? '';
  return `${row.paymentMethod ?? 'Card'} •••• ${row.cardLast4}`;
}

/** Hands the CSV to the browser's or Electron's download, as a file with the given name. */
export function downloadText(fileName: string, text: string, type = 'text/csv;charset=utf-8'): void {
  // A byte-order mark so spreadsheet programs read accents in names and notes correctly.
  const url = URL.createObjectURL(new Blob(['\ufeff', text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
