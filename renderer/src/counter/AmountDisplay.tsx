import { useLocale } from '../hooks/useLocale.js';
import { money } from '../logic/format.js';
import { useCounter } from '../store/counter.js';
import { FieldError } from '../components/FieldError.js';
import type { FieldIssue } from '../../../shared/result.js';
import { useT } from '../i18n/useT.js';

/** The amount as the customer will see it on the terminal, in the organization's format. */
export function AmountDisplay({ issues }: { issues?: FieldIssue[] }) {
  const amountMinor = useCounter((s) => s.amountMinor);
  const locale = useLocale();
  const t = useT();
  return (
    <div className="amount-box">
      <span className="amount-label" id="amount-label">{t('sale.amount')}</span>
      <output className={`amount-value ${amountMinor === 0 ? 'is-zero' : ''}`} aria-labelledby="amount-label" aria-live="polite">
        {money(amountMinor, locale)}
      </output>
      <FieldError id="amount-error" issues={issues} />
    </div>
  );
}
