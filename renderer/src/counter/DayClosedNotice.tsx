/**
 * Before the next sale, the counter says when today was already closed: a sale taken now lands
 * in a closed day and will need a manager's correction, so the cashier knows instead of selling
 * silently into it. The answer rides on the day's view the main process already keeps in memory
 * (no journal read): asked again when the counter opens (after the back office, where days are
 * closed), and pushed anew at midnight with the new day's view.
 */
import { useEffect } from 'react';
import { useT } from '../i18n/useT.js';
import { useAttempts } from '../store/attempts.js';

export function DayClosedNotice() {
  const t = useT();
  const closed = useAttempts((s) => s.closed);
  useEffect(() => {
    void useAttempts.getState().load();
  }, []);
  if (!closed) return null;
  return (
    <div role="alert" className="alert alert-warning">
      <div className="alert-body">
        <strong className="alert-title">{t('shift.dayClosed.title')}</strong>
        <span>{t('shift.dayClosed.message')}</span>
      </div>
    </div>
  );
}
