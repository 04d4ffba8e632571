import type { DayClosing, HistoryView, ReportTotals } from '../../../../shared/domain/day-report.js';
import { printedTotals } from '../../../../shared/domain/closings.js';
import { useT } from '../../i18n/useT.js';
import { money } from '../../logic/format.js';
import { useFirstPrint } from './first-print.js';

/** The closing a Z report stands on: one day of this register's own journal, closed. */
export function closingOf(view: Pick<HistoryView, 'closings' | 'from' | 'to' | 'scope'>): DayClosing | null {
  if (view.from !== view.to || view.scope === 'store') return null;
  return view.closings.find((c) => c.day === view.from) ?? null;
}

/** The figures a Z report prints: a closed day's as its closing journaled them, never a recount; else the view's. */
export function zTotals(view: HistoryView): ReportTotals {
  const closing = closingOf(view);
  return closing ? printedTotals(closing.totals) : view.totals;
}

interface Props {
  view: HistoryView;
  locale: string;
  currency: string;
}

/**
 * What makes a closed day's Z report a numbered closing: its Z number, the register's grand total
 * since its first sale and the signature made at the closing, all read from the closing record,
 * and "reprint" on every print but the first. Kept apart from the report's layout so a change
 * there never touches these facts.
 */
export function ZClosingFacts({ view, locale, currency }: Props) {
  const t = useT();
  const closing = closingOf(view);
  const firstPrint = useFirstPrint(closing?.seq);
  if (!closing) return null;
  const m = (minor: number) => money(minor, locale, currency);
  const g = closing.grandTotal;
  const s = closing.signature;
  return (
    <section className="z-closing-facts">
      {!firstPrint && <p className="z-reprint">{t('closing.z.reprint')}</p>}
      <p className="z-number">{closing.number ? t('closing.z.number', { number: closing.number }) : t('closing.z.unnumbered')}</p>
      {g && (
        <table className="z-totals z-grand-total">
          <caption>{t('closing.z.grandTotal')}</caption>
          <tbody>
            <tr><th scope="row">{t('closing.z.gross')}</th><td>{m(g.grossMinor)}</td></tr>
            <tr><th scope="row">{t('closing.z.refunded')}</th><td>{m(g.refundedMinor)}</td></tr>
            <tr className="z-net"><th scope="row">{t('closing.z.net')}</th><td>{m(g.netMinor)}</td></tr>
          </tbody>
        </table>
      )}
      {s ? (
        <p className="z-signature">
          {t('closing.z.signed', { seq: String(s.seq), key: s.keyId, signature: s.signature })}<br />
          {t('closing.z.head', { seq: String(s.seq), hash: s.hash })}
        </p>
      ) : <p className="z-signature">{t('closing.z.unsigned')}</p>}
    </section>
  );
}

/** On the screen beside "closed by": the day's Z number and the grand total it left, as the printed report says them. */
export function ClosingNumber({ closing, locale, currency }: { closing: DayClosing; locale: string; currency: string }) {
  const t = useT();
  const g = closing.grandTotal;
  if (!closing.number || !g) return null;
  const m = (minor: number) => money(minor, locale, currency);
  return (
    <p className="close-number">
      <strong>{t('closing.z.number', { number: closing.number })}</strong> · {t('closing.periods.grandTotal', { gross: m(g.grossMinor), refunded: m(g.refundedMinor), net: m(g.netMinor) })}
    </p>
  );
}
