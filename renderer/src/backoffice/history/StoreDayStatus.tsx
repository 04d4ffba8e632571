import type { HistoryView } from '../../../../shared/domain/day-report.js';
import { storeDayClosings, type RegisterDay } from '../../../../shared/domain/store-day-closings.js';
import { useLocale } from '../../hooks/useLocale.js';
import { useT } from '../../i18n/useT.js';
import { dateTime } from '../../logic/format.js';

type T = ReturnType<typeof useT>;

/** One register's day in words: who closed it and when, or what still keeps it open. */
export function registerDayWords(t: T, d: RegisterDay, registerName: (id: string) => string, locale: string): string {
  const register = registerName(d.registerId);
  if (d.state === 'closed') {
    const closed = t('history.storeClose.closed', { register, name: d.closing.by, when: dateTime(d.closing.at, locale) });
    // Each register numbers its own closings: its Z number, where its closing has one.
    return d.closing.number ? `${closed} · ${t('closing.z.number', { number: d.closing.number })}` : closed;
  }
  if (d.state === 'idle') return t('history.storeClose.idle', { register });
  return d.toSettle ? t('history.storeClose.blocked', { register, count: d.toSettle }) : t('history.storeClose.ready', { register });
}

/** Whether every register that took payments has closed the day. */
export function storeClosedWords(t: T, notClosed: number): string {
  return notClosed ? t('history.storeClose.notAllClosed', { count: notClosed }) : t('history.storeClose.allClosed');
}

/**
 * The whole store's day, register by register: who closed it, or what still keeps it open.
 * Closing stays each register's own act on its own journal (its closing reaches the store from
 * there), so this panel closes nothing; it tells the manager which registers are done.
 */
export function StoreDayStatus({ view, registerName }: { view: HistoryView; registerName: (id: string) => string }) {
  const t = useT();
  const locale = useLocale();
  const status = storeDayClosings(view);
  return (
    <div className="close-day" aria-label={t('history.storeClose.label')} role="group">
      <p>{t('history.storeClose.intro')}</p>
      <ul className="store-day-registers">
        {status.registers.map((d) => (
          <li key={d.registerId} className={d.state === 'open' ? (d.toSettle ? 'is-blocked' : 'is-ready') : `is-${d.state}`}>
            {registerDayWords(t, d, registerName, locale)}
          </li>
        ))}
      </ul>
      <p><strong>{storeClosedWords(t, status.notClosed)}</strong></p>
    </div>
  );
}
