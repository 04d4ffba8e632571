import { identityLine } from '../logic/connection.js';
import { useApp } from '../store/app.js';
import { EnvironmentBanner } from './EnvironmentBanner.js';
import { useT } from '../i18n/useT.js';
import type { MessageId } from '../../../shared/i18n/catalogs/en.js';

export type Screen = 'counter' | 'backoffice';

const NAV: { screen: Screen; label: MessageId }[] = [
  { screen: 'counter', label: 'nav.counter' },
  { screen: 'backoffice', label: 'nav.backoffice' },
];

/** On every screen: environment, organization (or the missing bank connection), register, navigation. */
export function TopBar({ screen, onNavigate }: { screen: Screen; onNavigate: (s: Screen) => void }) {
  const appState = useApp((s) => s.appState);
  const appStateError = useApp((s) => s.appStateError);
  const t = useT();
  const identity = identityLine(appState);
  return (
    <header className="topbar-wrap">
      {appState && <EnvironmentBanner environment={appState.environment} />}
      <div className="topbar">
        <div className="brand" aria-hidden="true">
          <span className="brand-mark">C</span>
        </div>
        <div className="identity">
          <span className={`org-name ${identity.disconnected ? 'is-disconnected' : ''}`}>
            {identity.name ?? t(identity.id)}
          </span>
          {appState && <span className="register">{t('topbar.register', { id: appState.registerId })}</span>}
        </div>
        {appStateError && (
          <div className="connection-problem" role="alert">
            {t('topbar.appStateError')}
          </div>
        )}
        <nav className="main-nav" aria-label={t('nav.label')}>
          {NAV.map((n) => (
            <button
              key={n.screen}
              type="button"
              className={`nav-btn ${screen === n.screen ? 'is-current' : ''}`}
              aria-current={screen === n.screen ? 'page' : undefined}
              onClick={() => onNavigate(n.screen)}
            >
              {t(n.label)}
            </button>
          ))}
        </nav>
      </div>
    </header>
  );
}
