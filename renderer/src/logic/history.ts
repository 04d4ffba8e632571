/** The manager's history screen, as pure decisions: default range, the words of statuses, cards and registers, the CSV download. */
import type { ReportRow, ReportStatus } from '../../../shared/domain/day-report.js';
import type { MessageId } from '../../../shared/i18n/catalogs/en.js';
import type { Translate } from '../../../shared/i18n/translate.js';
import { paymentMethodWords } from '../../../shared/i18n/bank-words.js';
import type { JournalExport } from '../../../shared/ipc/contract.js';

/** The local calendar day of a moment, "YYYY-MM-DD", as the journal names days. */
export function localDayOf(ms: number): string {
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** The message of each status, in the order the status filter lists them. */
export const STATUS_MESSAGES: Record<ReportStatus, MessageId> = {
  authorized: 'history.status.authorized',
  refused: 'history.status.refused',
  rejected: 'history.status.rejected',
  no_answer: 'history.status.no_answer',
  open: 'history.status.open',
};

/** Badge colour classes of the shared stylesheet. */
export const STATUS_TONE: Record<ReportStatus, 'success' | 'danger' | 'warning' | 'progress'> = {
  authorized: 'success', refused: 'danger', rejected: 'danger', no_answer: 'warning', open: 'progress',
};

export function statusWords(t: Translate, row: Pick<ReportRow, 'status' | 'abandoned'>): string {
  const base = t(STATUS_MESSAGES[row.status]);
  return row.abandoned && row.status !== 'authorized' ? t('history.status.abandoned', { status: base }) : base;
}

/** The card as a person reads it: "Visa •••• 4242", or nothing when the bank told nothing. */
export function cardWords(t: Translate, row: Pick<ReportRow, 'paymentMethod' | 'cardLast4'>): string {
  // The bank's method code ("cartebancaire") is never shown raw.
  const method = row.paymentMethod ? paymentMethodWords(row.paymentMethod) : null;
  if (!row.cardLast4) return method ?? '';
  return t('history.card', { method: method ?? t('history.card.anyMethod'), last4: row.cardLast4 });
}

/** How a manager settled a possible duplicate, in the screen's language (the CSV keeps its English words). */
export function resolutionWords(t: Translate, row: Pick<ReportRow, 'resolution'>): string | null {
  if (!row.resolution) return null;
  return t(row.resolution.kind === 'refunded_outside' ? 'history.resolution.refunded_outside' : 'history.resolution.not_a_duplicate', { note: row.resolution.note });
}

/**
 * A register as a manager reads it: its store name, else "This register" for this one. A register
 * the store has no name for (only ever seen in its own shipped rows) is "Another register".
 */
export function registerWords(t: Translate, names: Readonly<Record<string, string>>, thisRegisterId: string | undefined) {
  return (id: string): string => names[id] ?? (id === thisRegisterId ? t('history.register.this') : t('history.register.other'));
}

/** An hour of the day as the screen's language writes it on a clock face ("10 AM", "10 h", "10 Uhr"). */
export function hourWords(hour: number, locale: string): string {
  return new Intl.DateTimeFormat(locale, { hour: 'numeric' }).format(new Date(2000, 0, 1, hour));
}

/** Hands the CSV to the browser's or Electron's download, as a file with the given name. */
/** Hands the accountant's file to the browser's download (a workbook arrives as base64, IPC carrying text). */
export function downloadExport(file: Pick<JournalExport, 'fileName' | 'mime' | 'content' | 'encoding'>): void {
  // A CSV keeps (or gets) a byte-order mark so spreadsheet programs read accents in names and notes correctly.
  const parts: BlobPart[] = file.encoding === 'base64'
    ? [Uint8Array.from(atob(file.content), (c) => c.charCodeAt(0))]
    : file.content.startsWith('\ufeff') ? [file.content] : ['\ufeff', file.content];
  const url = URL.createObjectURL(new Blob(parts, { type: file.encoding === 'base64' ? file.mime : `${file.mime};charset=utf-8` }));
  const a = document.createElement('a');
  a.href = url;
  a.download = file.fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
