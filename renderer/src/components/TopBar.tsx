import { identityLine } from '../logic/connection.js';
import { MANAGER_KEY } from '../hooks/useManagerKey.js';
import { useApp } from '../store/app.js';
import { useManager } from '../store/manager.js';
import { EnvironmentBanner } from './EnvironmentBanner.js';

export type Screen = 'counter' | 'backoffice';

const NAV: { screen: Screen; label: string }[] = [
  { screen: 'counter', label: 'Counter' },
  { screen: 'backoffice', label: 'Back office' },
];

/** On every screen: environment, organization (or the missing bank connection), register, navigation, the manager lock. */
export function TopBar({ screen, onNavigate, onLock }: { screen: Screen; onNavigate: (s: Screen) => void; onLock: () => void }) {
  const appState = useApp((s) => s.appState);
  const manager = useManager((s) => s.view);
  const locked = !!manager?.hasPin && !manager.unlocked;
  const appStateError = useApp((s) => s.appStateError);
  const identity = identityLine(appState);
  return (
    <header className="topbar-wrap">
      {appState && <EnvironmentBanner environment={appState.environment} />}
      <div className="topbar">
        <div className="brand" aria-hidden="true">
          <span className="brand-mark">C</span>
        </div>
        <div className="identity">
          <span className={`org-name ${identity.disconnected ? 'is-disconnected' : ''}`} title={appState?.connection.message ?? undefined}>
            {identity.text}
          </span>
          {appState && <span className="register">{appState.store ? appState.store.registerName : `Register ${appState.registerId}`}</span>}
          {appState?.store && appState.store.status !== 'connected' && (
            <span className="store-link is-down" role="status" title={appState.store.message ?? undefined}>
              {appState.store.status === 'connecting' ? 'Connecting to the store…' : appState.store.status === 'refused' ? 'Not connected to the store' : 'Store not reachable'}
            </span>
          )}
        </div>
        {appStateError && (
          <div className="connection-problem" role="alert">
            Could not read the app state: {appStateError.message}
          </div>
        )}
        <nav className="main-nav" aria-label="Main">
          {NAV.map((n) => (
            <button
              key={n.screen}
              type="button"
              className={`nav-btn ${screen === n.screen ? 'is-current' : ''}`}
              aria-current={screen === n.screen ? 'page' : undefined}
              onClick={() => onNavigate(n.screen)}
              aria-keyshortcuts={n.screen === 'backoffice' ? MANAGER_KEY : undefined}
            >
              {n.label}
              {n.screen === 'backoffice' && locked && <span className="nav-lock" aria-label="(locked: needs the manager PIN)"> 🔒</span>}
            </button>
          ))}
          {screen === 'backoffice' && manager?.hasPin && (
            <button type="button" className="nav-btn nav-lock-btn" onClick={onLock} aria-keyshortcuts={MANAGER_KEY}>
              Lock <kbd>{MANAGER_KEY}</kbd>
            </button>
          )}
        </nav>
      </div>
    </header>
  );
}
