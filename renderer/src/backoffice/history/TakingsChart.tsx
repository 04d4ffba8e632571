import { useT } from '../../i18n/useT.js';
import { money } from '../../logic/format.js';
import { hourWords } from '../../logic/history.js';

interface Props {
  byHour: readonly number[];
  locale: string;
  currency: string;
}

/**
 * Takings by hour as bars: managers would rather look than read. Only the hours of the day
 * that saw money, those between them and 8h–19h are drawn. Hours are written as the screen's
 * language writes them on a clock.
 */
export function TakingsChart({ byHour, locale, currency }: Props) {
  const t = useT();
  const used = byHour.map((v, h) => (v > 0 ? h : -1)).filter((h) => h >= 0);
  if (used.length === 0) return <p className="empty">{t('history.chart.none')}</p>;
  // A shop's usual opening hours stay on the axis so one busy hour is not drawn as the whole day.
  const first = Math.min(8, ...used);
  const last = Math.max(19, ...used);
  const hours = Array.from({ length: last - first + 1 }, (_, i) => first + i);
  const max = Math.max(...byHour);
  return (
    <figure className="takings-chart" aria-label={t('history.chart.label')}>
      <div className="takings-bars">
        {hours.map((h) => {
          const v = byHour[h] ?? 0;
          const label = t('history.chart.bar', { hour: hourWords(h, locale), amount: money(v, locale, currency) });
          return (
            <div key={h} className="takings-col" title={label}>
              <span className="takings-value">{v > 0 ? money(v, locale, currency) : ''}</span>
              <div className="takings-bar" style={{ height: `${Math.round((v / max) * 100)}%` }} role="img" aria-label={label} />
              <span className="takings-hour">{hourWords(h, locale)}</span>
            </div>
          );
        })}
      </div>
    </figure>
  );
}
