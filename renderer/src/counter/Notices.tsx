import { shortKey } from '../../../shared/domain/attempt.js';
import { useLocale } from '../hooks/useLocale.js';
import { attemptFlags, outcomeWords } from '../logic/attempt-view.js';
import { money } from '../logic/format.js';
import { useCounter } from '../store/counter.js';
import { useT } from '../i18n/useT.js';

/** An answer that came for a payment no longer on screen (abandoned, retried): money may have moved. */
export function Notices() {
  const notices = useCounter((s) => s.notices);
  const dismiss = useCounter((s) => s.dismissNotice);
  const t = useT();
  const locale = useLocale();
  if (notices.length === 0) return null;
  return (
    <div className="notices">
      {notices.map((a) => (
        <div key={a.id} className="alert alert-warning" role="alert">
          <div className="alert-body">
            <strong className="alert-title">
              {t('notice.title', { amount: money(a.amountMinor, locale, a.currency), key: shortKey(a.idempotencyKey), outcome: outcomeWords(a, t) })}
            </strong>
            {attemptFlags(a, t).map((f) => <p key={f} className="alert-message">{f}</p>)}
          </div>
          <button type="button" className="btn btn-ghost btn-small" onClick={() => dismiss(a.id)}>
            {t('common.dismiss')}
          </button>
        </div>
      ))}
    </div>
  );
}
