import { createPortal } from 'react-dom';
import type { PeriodClosing } from '../../../../shared/domain/closings.js';
import { refusedCount } from '../../../../shared/domain/money-figures.js';
import { useT } from '../../i18n/useT.js';
import { dateTime, money } from '../../logic/format.js';
import { useApp } from '../../store/app.js';

interface Props {
  closing: PeriodClosing;
  /** "November 2026", "2026". */
  periodWords: string;
  locale: string;
  currency: string;
}

/**
 * A month or year closing laid out for paper, from its journaled record only: number, the sum of
 * the closings it covers, the grand total and the signature. Rendered outside the app's root and
 * shown only while it is being printed (the body's `print-period` class hides the Z report then).
 */
export function PeriodReport({ closing: c, periodWords, locale, currency }: Props) {
  const t = useT();
  const shop = useApp((s) => s.appState?.organization?.name ?? '');
  const m = (minor: number) => money(minor, locale, currency);
  const f = c.figures;
  const rows: [string, string][] = [
    [t('history.totals.paid'), m(f.authorized.authorizedMinor)], [t('history.totals.tips'), m(f.authorized.tipMinor)],
    [t('history.totals.refunded'), m(f.refundedMinor)], [t('history.totals.net'), m(f.netMinor)], [t('history.totals.sales'), String(c.sales)],
    [t('history.totals.refused'), String(refusedCount(f))], [t('history.totals.noAnswer'), String(f.noAnswer)],
  ];
  return createPortal(
    <article className="period-report" aria-hidden="true">
      <h1>{t(c.kind === 'month' ? 'closing.periods.monthNumber' : 'closing.periods.yearNumber', { number: c.number, period: periodWords })}</h1>
      <p>{t('history.z.printed', { shop, when: dateTime(Date.now(), locale) })}</p>
      <p>{t('closing.periods.closedOn', { name: c.by, when: dateTime(c.at, locale) })}</p>
      <p>{t(c.kind === 'month' ? 'closing.periods.coversDays' : 'closing.periods.coversMonths', { list: c.covers.join(', ') })}</p>
      <table className="z-totals">
        <tbody>{rows.map(([k, v]) => <tr key={k}><th scope="row">{k}</th><td>{v}</td></tr>)}</tbody>
      </table>
      <table className="z-totals z-grand-total">
        <caption>{t('closing.z.grandTotal')}</caption>
        <tbody>
          <tr><th scope="row">{t('closing.z.gross')}</th><td>{m(c.grandTotal.grossMinor)}</td></tr>
          <tr><th scope="row">{t('closing.z.refunded')}</th><td>{m(c.grandTotal.refundedMinor)}</td></tr>
          <tr className="z-net"><th scope="row">{t('closing.z.net')}</th><td>{m(c.grandTotal.netMinor)}</td></tr>
        </tbody>
      </table>
      {c.signature ? (
        <p className="z-signature">
          {t('closing.z.signed', { seq: String(c.signature.seq), key: c.signature.keyId, signature: c.signature.signature })}<br />
          {t('closing.z.head', { seq: String(c.signature.seq), hash: c.signature.hash })}
        </p>
      ) : <p className="z-signature">{t('closing.z.unsigned')}</p>}
    </article>,
    document.body,
  );
}
