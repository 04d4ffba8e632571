/**
 * One person's figures as a table (the X report on screen and on paper): sales, money taken,
 * refunds, net, and what still needs someone's attention (no answers, abandons, open duplicates).
 */
import type { ReportTotals } from '../../../shared/domain/day-report.js';
import { refusedCount } from '../../../shared/domain/money-figures.js';
import { useT } from '../i18n/useT.js';
import { money } from '../logic/format.js';

export function ShiftFigures({ totals, locale, currency }: { totals: ReportTotals; locale: string; currency: string }) {
  const t = useT();
  const m = (minor: number) => money(minor, locale, currency);
  const rows: [string, string][] = [
    [t('history.totals.sales'), String(totals.sales)],
    [t('history.totals.paid'), m(totals.authorized.authorizedMinor)],
    [t('history.totals.tips'), m(totals.authorized.tipMinor)],
    [t('history.totals.refunded'), m(totals.refundedMinor)],
    [t('history.totals.net'), m(totals.netMinor)],
    [t('history.totals.noAnswer'), String(totals.noAnswer)],
    [t('history.totals.abandoned'), String(totals.abandoned)],
    [t('history.totals.refused'), String(refusedCount(totals))],
    [t('history.totals.openDuplicates'), `${totals.openDuplicates.count} (${m(totals.openDuplicates.authorizedMinor)})`],
  ];
  return (
    <table className="shift-figures">
      <tbody>
        {rows.map(([label, value]) => <tr key={label}><th scope="row">{label}</th><td>{value}</td></tr>)}
      </tbody>
    </table>
  );
}
