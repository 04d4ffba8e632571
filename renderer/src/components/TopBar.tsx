import { identityLine } from '../logic/connection.js';
import { SellerBadge } from '../counter/WhoIsSelling.js';
import { STORE_WAITING_WORDS } from '../logic/store-words.js';
import { MANAGER_KEY } from '../hooks/useManagerKey.js';
import { useApp } from '../store/app.js';
import { useManager } from '../store/manager.js';
import { EnvironmentBanner } from './EnvironmentBanner.js';
import { useT } from '../i18n/useT.js';
import { useStuckHeight } from '../hooks/useStuckHeight.js';
import type { MessageId } from '../../../shared/i18n/catalogs/en.js';
import { storeProblemWords } from '../logic/store-words.js';

export type Screen = 'counter' | 'backoffice';

/** Drawn, not an emoji: tills often have no emoji font. */
function LockIcon() {
  return (
    <svg className="lock-icon" viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
      <rect x="3" y="7" width="10" height="8" rx="1.5" fill="currentColor" />
      <path d="M5 7V5a3 3 0 0 1 6 0v2" fill="none" stroke="currentColor" strokeWidth="1.8" />
    </svg>
  );
}

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
  const stuck = useStuckHeight<HTMLElement>();
  return (
    <header className="topbar-wrap" ref={stuck}>
      {appState && <EnvironmentBanner environment={appState.environment} organization={appState.organization?.name} />}
      <div className="topbar">
        <div className="brand" aria-hidden="true">
          <span className="brand-mark">C</span>
        </div>
        <div className="identity">
          <span className={`org-name ${identity.disconnected ? 'is-disconnected' : ''}`}>
            {identity.name ?? t(identity.id)}
          </span>
          {appState?.store && <span className="register">{appState.store.registerName}</span>}
          {appState?.store && appState.store.status !== 'connected' && (
            <span className="store-link is-down" role="status" title={appState.store.problem ? t(storeProblemWords(appState.store.problem)) : undefined}>
              {t(appState.store.status === 'connecting' ? 'topbar.store.connecting' : appState.store.status === 'refused' ? 'topbar.store.refused' : 'topbar.store.down')}
            </span>
          )}
          {appState?.store?.waiting && (
            <span className="store-link is-down" role="status">{t(STORE_WAITING_WORDS[appState.store.waiting])}</span>
          )}
          <SellerBadge />
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
              {n.screen === 'backoffice' && locked && (
                <span className="nav-lock">
                  <LockIcon />
                  <span className="visually-hidden"> {t('nav.locked')}</span>
                  <kbd aria-hidden="true">{MANAGER_KEY}</kbd>
                </span>
              )}
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
