import { useApp } from '../store/app.js';

/**
 * Placeholder: connection, environment and manager PIN settings are filled in
 * by another part of the project. Shows what is known today, read-only.
 */
export function Settings() {
  const appState = useApp((s) => s.appState);
  return (
    <section className="bo-section" aria-labelledby="settings-heading">
      <h2 id="settings-heading">Settings</h2>
      <p className="muted">Connection, environment and manager PIN settings will appear here.</p>
      {appState && (
        <dl className="facts">
          <div><dt>Environment</dt><dd>{appState.environment}</dd></div>
          <div><dt>Register</dt><dd>{appState.registerId}</dd></div>
          <div><dt>Bank connection</dt><dd>{appState.connection.status}{appState.connection.message ? ` — ${appState.connection.message}` : ''}</dd></div>
          <div><dt>Granted scopes</dt><dd>{appState.connection.grantedScopes.join(', ') || 'none'}</dd></div>
        </dl>
      )}
    </section>
  );
}
