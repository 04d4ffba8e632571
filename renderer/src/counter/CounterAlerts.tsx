import { shortKey, type Attempt } from '../../../shared/domain/attempt.js';
import { useLocale } from '../hooks/useLocale.js';
import { usePoiOf } from '../hooks/usePoiOf.js';
import { money } from '../logic/format.js';
import { useT } from '../i18n/useT.js';
import { chargedSince, openDuplicates, useAttempts } from '../store/attempts.js';

/**
 * Money that may have moved twice, on every window of the register until a manager
 * resolves it (Back office → Possible duplicates): a payment made after the cashier
 * abandoned it, or a late one after the sale was charged again. Not dismissable here.
 */
export function CounterAlerts() {
  const byId = useAttempts((s) => s.byId);
  const view = { byId, totals: null };
  const duplicates = openDuplicates(view);
  const since = (a: Attempt) => chargedSince(view, a);
  const t = useT();
  const locale = useLocale();
  const poiOf = usePoiOf();
  if (duplicates.length === 0) return null;
  return (
    <div className="notices">
      {duplicates.map((a) => {
        const paid = money(a.authorizedAmountMinor ?? a.amountMinor, locale, a.currency);
        const where = t('alerts.where', { amount: paid, terminal: poiOf(a.terminalId), time: a.updatedAt });
        const later = since(a);
        return (
          <div key={a.id} className="alert alert-warning" role="alert">
            <div className="alert-body">
              <strong className="alert-title">{t(a.abandoned ? 'alerts.paidAfterAbandon' : 'alerts.duplicate', { where })}</strong>
              {later.length > 0 && (
                <p className="alert-message">
                  {t('alerts.chargedSince', {
                    list: new Intl.ListFormat(locale, { type: 'conjunction' }).format(later.map((o) =>
                      t('alerts.chargedItem', { amount: money(o.amountMinor, locale, o.currency), time: o.createdAt, key: shortKey(o.idempotencyKey) }))),
                  })}
                </p>
              )}
              <p className="alert-message">{t('alerts.tellManager', { key: shortKey(a.idempotencyKey) })}</p>
            </div>
          </div>
        );
      })}
    </div>
  );
}
