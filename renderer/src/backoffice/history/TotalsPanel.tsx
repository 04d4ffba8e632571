import type { Bucket, ReportTotals } from '../../../../shared/domain/day-report.js';
import { money } from '../../logic/format.js';

interface Props {
  totals: ReportTotals;
  locale: string;
  currency: string;
  terminalName: (id: string) => string;
  registerName: (id: string) => string;
}

function BucketTable({ caption, column, buckets, nameOf, locale, currency }: {
  caption: string; column: string; buckets: Record<string, Bucket>; nameOf: (k: string) => string; locale: string; currency: string;
}) {
  const keys = Object.keys(buckets).sort();
  if (keys.length === 0) return null;
  return (
    <table className="totals-table">
      <caption>{caption}</caption>
      <thead><tr><th scope="col">{column}</th><th scope="col">Payments</th><th scope="col">Paid</th><th scope="col">of which tips</th></tr></thead>
      <tbody>
        {keys.map((k) => {
          const b = buckets[k]!;
          return (
            <tr key={k}>
              <th scope="row">{nameOf(k)}</th>
              <td>{b.count}</td>
              <td>{money(b.authorizedMinor, locale, currency)}</td>
              <td>{money(b.tipMinor, locale, currency)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** The figures a manager checks before closing: money in, what failed, what needs a decision. */
export function TotalsPanel({ totals: t, locale, currency, terminalName, registerName }: Props) {
  const m = (minor: number) => money(minor, locale, currency);
  return (
    <div className="totals">
      <dl className="totals-figures">
        <div className="totals-main"><dt>Paid</dt><dd>{m(t.authorized.authorizedMinor)}</dd></div>
        <div><dt>of which tips</dt><dd>{m(t.authorized.tipMinor)}</dd></div>
        <div><dt>Sales</dt><dd>{t.sales}</dd></div>
        <div><dt>Average ticket</dt><dd>{t.averageTicketMinor === null ? '—' : m(t.averageTicketMinor)}</dd></div>
        <div><dt>Refused</dt><dd>{t.refused + t.rejected}</dd></div>
        <div><dt>No answer</dt><dd>{t.noAnswer}</dd></div>
        <div><dt>Abandoned</dt><dd>{t.abandoned}</dd></div>
        <div className={t.openDuplicates.count ? 'totals-alert' : undefined}>
          <dt>Possible duplicates to settle</dt>
          <dd>{t.openDuplicates.count}{t.openDuplicates.count ? ` (${m(t.openDuplicates.authorizedMinor)})` : ''}</dd>
        </div>
      </dl>
      <div className="totals-tables">
        <BucketTable caption="By terminal" column="Terminal" buckets={t.byTerminal} nameOf={terminalName} locale={locale} currency={currency} />
        <BucketTable caption="By register" column="Register" buckets={t.byRegister} nameOf={registerName} locale={locale} currency={currency} />
        <BucketTable caption="By payment method" column="Method" buckets={t.byPaymentMethod} nameOf={(k) => (k === 'unknown' ? 'Not told by the bank' : k)} locale={locale} currency={currency} />
      </div>
    </div>
  );
}
