import type { HistoryView } from '../../../../shared/domain/day-report.js';
import { useT } from '../../i18n/useT.js';

/**
 * The whole store's day, register by register: what still keeps each one from closing. Closing
 * stays each register's own act on its own journal (its closing is journaled on that computer),
 * so this panel closes nothing; it tells the manager which registers are ready.
 */
export function StoreDayStatus({ view, registerName }: { view: HistoryView; registerName: (id: string) => string }) {
  const t = useT();
  const blocked = new Map<string, number>();
  for (const r of view.closeBlockers) blocked.set(r.registerId, (blocked.get(r.registerId) ?? 0) + 1);
  return (
    <div className="close-day" aria-label={t('history.storeClose.label')} role="group">
      <p>{t('history.storeClose.intro')}</p>
      <ul className="store-day-registers">
        {view.registers.map((id) => {
          const count = blocked.get(id) ?? 0;
          return (
            <li key={id} className={count ? 'is-blocked' : 'is-ready'}>
              {count ? t('history.storeClose.blocked', { register: registerName(id), count }) : t('history.storeClose.ready', { register: registerName(id) })}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
