import { identityLine } from '../logic/connection.js';
import { MANAGER_KEY } from '../hooks/useManagerKey.js';
import { useApp } from '../store/app.js';
import { useManager } from '../store/manager.js';
import { EnvironmentBanner } from './EnvironmentBanner.js';
import { useT } from '../i18n/useT.js';
import type { MessageId } from '../../../shared/i18n/catalogs/en.js';

export type Screen = 'counter' | 'backoffice';

const NAV: { screen: Screen; label: MessageId }[] = [
  { screen: 'counter', label: 'nav.counter' },
  { screen: 'backoffice', label: 'nav.backoffice' },
];

/** On every screen: environment, organization (or the missing bank connection), register, navigation, the manager lock. */
export function TopBar({ screen, onNavigate, onLock }: { screen: Screen; onNavigate: (s: Screen) => void; onLock: () => void }) {
  const appState = useApp((s) => s.appState);
  const manager = useManager((s) => s.view);
  const locked = !!manager?.hasPin && !manager.unlocked;
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
              aria-keyshortcuts={n.screen === 'backoffice' ? MANAGER_KEY : undefined}
            >
              {t(n.label)}
              {n.screen === 'backoffice' && locked && <span className="nav-lock" aria-label={t('nav.locked')}> 🔒</span>}
            </button>
          ))}
          {screen === 'backoffice' && manager?.hasPin && (
            <button type="button" className="nav-btn nav-lock-btn" onClick={onLock} aria-keyshortcuts={MANAGER_KEY}>
              {t('nav.lock')} <kbd>{MANAGER_KEY}</kbd>
            </button>
          )}
        </nav>
      </div>
    </header>
  );
}
