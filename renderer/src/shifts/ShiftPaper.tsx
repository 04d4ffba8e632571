/**
 * The shift summary (X report) laid out as a page: whose shift, when it ran, the figures, the
 * refunds that person recorded and the day's closing when there is one. Shown in the dialog and
 * printed from a copy put straight into <body> (the receipts' way), so the printed page holds
 * the summary and nothing of the screen behind it, not even the Z report. It is laid out for the
 * receipt paper in Settings (58 mm or 80 mm roll, or A4) and printed on it as receipts are.
 */
import { PrintedCopy } from '../components/PrintedCopy.js';
import type { ShiftReport } from '../../../shared/domain/shift-report.js';
import type { ReceiptPaper } from '../../../shared/domain/receipt.js';
import { nameOf } from '../../../shared/domain/record-by.js';
import { useT } from '../i18n/useT.js';
import { clockTime, dateOnly, dateTime, money } from '../logic/format.js';
import { personWords } from '../logic/person-words.js';
import { ShiftFigures } from './ShiftFigures.js';

interface Props {
  report: ShiftReport;
  locale: string;
  currency: string;
  shopName: string;
  printedAt: number;
  paper: ReceiptPaper;
  /** The on-screen copy, measured for the roll's page length. */
  paperRef?: React.Ref<HTMLElement>;
}

function Paper({ report, locale, currency, shopName, printedAt, paper, paperRef, className }: Props & { className: string }) {
  const t = useT();
  const day = dateOnly(`${report.day}T12:00:00`, locale);
  const shift = report.shift;
  return (
    <article ref={paperRef} className={`shift-paper paper-${paper} ${className}`}>
      <h3>{t('shift.title', { name: personWords(t, report.who) })}</h3>
      <p>{t('shift.printed', { shop: shopName, when: dateTime(printedAt, locale) })}</p>
      {shift === null
        ? <p>{t('shift.empty')}</p>
        : <p>{shift.to === null
          ? t('shift.periodOpen', { day, from: clockTime(shift.from, locale) })
          : t('shift.period', { day, from: clockTime(shift.from, locale), to: clockTime(shift.to, locale) })}</p>}
      {report.dayClosed && <p>{t('history.z.closedBy', { name: nameOf(report.dayClosed.by), when: dateTime(report.dayClosed.at, locale) })}</p>}
      <ShiftFigures totals={report.totals} locale={locale} currency={currency} />
      {report.refunds.length > 0 && (
        <ul className="shift-refunds">
          {report.refunds.map((r) => <li key={r.refundId}>{clockTime(r.at, locale)} {money(-r.amountMinor, locale, currency)}{r.reason.trim() ? ` · ${r.reason.trim()}` : ''}</li>)}
        </ul>
      )}
    </article>
  );
}

export function ShiftPaper(props: Props) {
  return (
    <PrintedCopy
      bodyClass="printing-shift"
      onScreen={<Paper {...props} className="shift-on-screen" />}
      forPrint={<Paper {...props} paperRef={undefined} className="shift-for-print" />}
    />
  );
}
