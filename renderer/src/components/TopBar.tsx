import { identityLine } from '../logic/connection.js';
import { useApp } from '../store/app.js';
import { EnvironmentBanner } from './EnvironmentBanner.js';

export type Screen = 'counter' | 'backoffice';

const NAV: { screen: Screen; label: string }[] = [
  { screen: 'counter', label: 'Counter' },
  { screen: 'backoffice', label: 'Back office' },
];

/** On every screen: environment, organization (or the missing bank connection), register, navigation. */
export function TopBar({ screen, onNavigate }: { screen: Screen; onNavigate: (s: Screen) => void }) {
  const appState = useApp((s) => s.appState);
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
              {appState.store.status === 'connecting' ? 'Connecting to the store…' : 'Store not reachable'}
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
            >
              {n.label}
            </button>
          ))}
        </nav>
      </div>
    </header>
  );
}
