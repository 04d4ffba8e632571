import { shortKey, type Attempt } from '../../../shared/domain/attempt.js';
import { useLocale } from '../hooks/useLocale.js';
import { usePoiOf } from '../hooks/usePoiOf.js';
import { clockTime, money } from '../logic/format.js';
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
  const locale = useLocale();
  const poiOf = usePoiOf();
  if (duplicates.length === 0) return null;
  return (
    <div className="notices">
      {duplicates.map((a) => {
        const paid = money(a.authorizedAmountMinor ?? a.amountMinor, locale, a.currency);
        const where = `${paid} on ${poiOf(a.terminalId)} at ${clockTime(a.updatedAt, locale)}`;
        const later = since(a);
        return (
          <div key={a.id} className="alert alert-warning" role="alert">
            <div className="alert-body">
              <strong className="alert-title">{a.abandoned ? `Paid after it was abandoned: ${where}` : `Possible duplicate — tell the manager: ${where}`}</strong>
              {later.length > 0 && (
                <p className="alert-message">
                  Charged since on this register: {later.map((o) => `${money(o.amountMinor, locale, o.currency)} at ${clockTime(o.createdAt, locale)} (Ref. ${shortKey(o.idempotencyKey)})`).join(', ')}.
                  {' '}If the same customer paid twice, a manager refunds one.
                </p>
              )}
              <p className="alert-message">Tell the manager: they check it and mark it refunded or not a duplicate. Ref. {shortKey(a.idempotencyKey)}</p>
            </div>
          </div>
        );
      })}
    </div>
  );
}
