import type { Bucket, ReportTotals } from '../../../../shared/domain/day-report.js';
import { refusedCount } from '../../../../shared/domain/money-figures.js';
import type { MessageId } from '../../../../shared/i18n/catalogs/en.js';
import { useT } from '../../i18n/useT.js';
import { money } from '../../logic/format.js';
import { paymentMethodWords } from '../../../../shared/i18n/bank-words.js';

interface Props {
  totals: ReportTotals;
  locale: string;
  currency: string;
  terminalName: (id: string) => string;
  registerName: (id: string) => string;
}

function BucketTable({ caption, column, buckets, nameOf, locale, currency }: {
  caption: MessageId; column: MessageId; buckets: Record<string, Bucket>; nameOf: (k: string) => string; locale: string; currency: string;
}) {
  const t = useT();
  const keys = Object.keys(buckets).sort((a, b) => nameOf(a).localeCompare(nameOf(b), locale));
  if (keys.length === 0) return null;
  return (
    <table className="totals-table">
      <caption>{t(caption)}</caption>
      <thead>
        <tr><th scope="col">{t(column)}</th><th scope="col">{t('history.totals.payments')}</th><th scope="col">{t('history.totals.paid')}</th><th scope="col">{t('history.totals.tips')}</th></tr>
      </thead>
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
export function TotalsPanel({ totals: tt, locale, currency, terminalName, registerName }: Props) {
  const t = useT();
  const m = (minor: number) => money(minor, locale, currency);
  const count = (n: number) => new Intl.NumberFormat(locale).format(n);
  return (
    <div className="totals">
      <dl className="totals-figures">
        <div className="totals-main"><dt>{t('history.totals.paid')}</dt><dd>{m(tt.authorized.authorizedMinor)}</dd></div>
        <div><dt>{t('history.totals.tips')}</dt><dd>{m(tt.authorized.tipMinor)}</dd></div>
        <div><dt>{t('history.totals.refunded')}</dt><dd>{m(tt.refundedMinor)}</dd></div>
        <div className="totals-main"><dt>{t('history.totals.net')}</dt><dd>{m(tt.netMinor)}</dd></div>
        <div><dt>{t('history.totals.sales')}</dt><dd>{count(tt.sales)}</dd></div>
        <div><dt>{t('history.totals.average')}</dt><dd>{tt.averageTicketMinor === null ? '—' : m(tt.averageTicketMinor)}</dd></div>
        <div><dt>{t('history.totals.refused')}</dt><dd>{count(refusedCount(tt))}</dd></div>
        <div><dt>{t('history.totals.noAnswer')}</dt><dd>{count(tt.noAnswer)}</dd></div>
        <div><dt>{t('history.totals.abandoned')}</dt><dd>{count(tt.abandoned)}</dd></div>
        <div><dt>{t('history.totals.settledByHand')}</dt><dd>{count(tt.settledByHand)}</dd></div>
        <div className={tt.openDuplicates.count ? 'totals-alert' : undefined}>
          <dt>{t('history.totals.openDuplicates')}</dt>
          <dd>{count(tt.openDuplicates.count)}{tt.openDuplicates.count ? ` (${m(tt.openDuplicates.authorizedMinor)})` : ''}</dd>
          {tt.openDuplicates.count > 0 && <dd className="totals-hint">{t('history.totals.mayNeedRefund')}</dd>}
        </div>
      </dl>
      <div className="totals-tables">
        <BucketTable caption={'history.totals.byTerminal'} column={'history.filter.terminal'} buckets={tt.byTerminal} nameOf={terminalName} locale={locale} currency={currency} />
        <BucketTable caption={'history.totals.byRegister'} column={'history.filter.register'} buckets={tt.byRegister} nameOf={registerName} locale={locale} currency={currency} />
        <BucketTable caption={'history.totals.byMethod'} column={'history.totals.method'} buckets={tt.byPaymentMethod} nameOf={(k) => (k === 'unknown' ? t('history.totals.methodUnknown') : paymentMethodWords(k))} locale={locale} currency={currency} />
      </div>
    </div>
  );
}
