/**
 * Before the next sale, the counter says when today was already closed: a sale taken now lands
 * in a closed day and will need a manager's correction, so the cashier knows instead of selling
 * silently into it. Asked when the counter opens (after the back office, where days are closed)
 * and at each new day; an answer that cannot be had shows nothing here (the counter's own
 * notices already say why the register cannot work).
 */
import { localDay } from '../../../shared/domain/calendar-day.js';
import { call } from '../bridge.js';
import { useRemote } from '../hooks/useRemote.js';
import { useT } from '../i18n/useT.js';
import { useAttempts } from '../store/attempts.js';

export function DayClosedNotice() {
  const t = useT();
  // A new sale journaled, or midnight: ask again (a closing made elsewhere is seen on the next sale).
  const sales = useAttempts((s) => Object.keys(s.byId).length);
  const today = localDay(Date.now());
  const report = useRemote(() => call('shiftReport', {}), `${today}|${sales}`);
  if (!report.data?.dayClosed) return null;
  return (
    <div role="alert" className="alert alert-warning">
      <div className="alert-body">
        <strong className="alert-title">{t('shift.dayClosed.title')}</strong>
        <span>{t('shift.dayClosed.message')}</span>
      </div>
    </div>
  );
}
