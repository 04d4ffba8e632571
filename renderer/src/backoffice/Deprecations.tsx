import { useApp } from '../store/app.js';
import { useT } from '../i18n/useT.js';
import type { DeprecationNotice } from '../../../shared/ipc/types.js';

// One shared empty list: a fresh [] per render makes zustand see a change every time and loop.
const NONE: DeprecationNotice[] = [];

/**
 * Bank services Counterpay still uses that the bank is retiring: the manager must
 * know before they stop working. The routes themselves are for support, folded away.
 */
export function Deprecations() {
  const t = useT();
  const notices = useApp((s) => s.appState?.deprecations ?? NONE);
  if (notices.length === 0) return null;
  const sunsets = notices.map((n) => (n.sunset ? Date.parse(n.sunset) : NaN)).filter((d) => !Number.isNaN(d));
  const first = sunsets.length ? Math.min(...sunsets) : null;
  return (
    <div className="alert alert-warning deprecations" role="status" aria-label={t('deprecations.label')}>
      <div className="alert-body">
        <strong className="alert-title">{t('deprecations.title', { count: notices.length })}</strong>
        <p className="alert-message">
          {first !== null ? t('deprecations.sunset', { date: first }) : t('deprecations.noSunset')} {t('deprecations.next')}
        </p>
        <details className="alert-technical">
          <summary>{t('error.technical')}</summary>
          <ul className="alert-issues">
            {notices.map((n) => (
              <li key={n.route} className="mono">
                {[n.route, n.deprecatedSince, n.sunset, n.successor].filter(Boolean).join(' · ')}
              </li>
            ))}
          </ul>
        </details>
      </div>
    </div>
  );
}
