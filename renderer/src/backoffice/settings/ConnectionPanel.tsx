import { useState } from 'react';
import type { SettingsView } from '../../../../shared/ipc/types.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { ENVIRONMENT_INFO, missingScopes } from '../../logic/environments.js';
import { useApp } from '../../store/app.js';
import { useSettingsAction } from './useSettingsAction.js';

/**
 * The live environment's bank sign-in. Sign-in opens the bank's page in the
 * system browser; this screen waits (and can cancel) until the browser comes back.
 */
export function ConnectionPanel({ view }: { view: SettingsView }) {
  const organization = useApp((s) => s.appState?.organization ?? null);
  const action = useSettingsAction();
  const cancel = useSettingsAction();
  const [waiting, setWaiting] = useState(false);
  const env = view.environment;
  const label = env ? ENVIRONMENT_INFO[env].label : '';
  const { connection } = view;
  const connected = connection.status === 'connected';
  const missing = connected ? missingScopes(connection.grantedScopes) : [];
  const pending = waiting || view.signInPending;

  const signIn = async () => {
    setWaiting(true);
    await action.run('signIn', undefined, 'Signed in to the bank');
    setWaiting(false);
  };

  if (env === null) {
    return (
      <section className="settings-block" aria-labelledby="connection-heading">
        <h3 id="connection-heading">Bank connection</h3>
        <p className="muted">No environment is open. Choose the one this register works in above; its sign-in appears here.</p>
      </section>
    );
  }

  if (env === 'training') {
    return (
      <section className="settings-block" aria-labelledby="connection-heading">
        <h3 id="connection-heading">Bank connection</h3>
        <p className="muted">Training uses the built-in bank simulation and needs no sign-in. Switch to the bank sandbox or production to connect a bank account.</p>
      </section>
    );
  }

  return (
    <section className="settings-block" aria-labelledby="connection-heading">
      <h3 id="connection-heading">Bank connection ({label})</h3>
      <dl className="facts">
        <div><dt>Status</dt><dd>{connected ? 'Signed in' : 'Signed out of the bank'}</dd></div>
        <div><dt>Organization</dt><dd>{connected ? organization?.name ?? '…' : '—'}</dd></div>
        <div className="wide"><dt>Granted permissions</dt><dd>{connection.grantedScopes.join(', ') || 'none'}</dd></div>
      </dl>
      {connection.message && <div className="alert alert-warning" role="status">{connection.message}</div>}
      {missing.length > 0 && (
        <div className="alert alert-warning" role="status">
          The bank did not grant {missing.join(', ')}: the features that need {missing.length === 1 ? 'it' : 'them'} say so when used. Sign in again and allow every permission to use them.
        </div>
      )}
      {pending && (
        <div className="alert alert-info" role="status">
          Waiting for the bank&apos;s sign-in page in your web browser. Sign in and approve access there, then come back here.
        </div>
      )}
      <div className="form-actions">
        {pending ? (
          <button type="button" className="btn btn-secondary" disabled={cancel.busy} onClick={() => void cancel.run('cancelSignIn', undefined)}>
            Cancel sign-in
          </button>
        ) : (
          <>
            {connected && (
              <button type="button" className="btn btn-danger-outline" disabled={action.busy} onClick={() => void action.run('signOut', undefined, 'Signed out of the bank')}>
                Sign out
              </button>
            )}
            <button type="button" className="btn btn-primary" disabled={action.busy} onClick={() => void signIn()}>
              {connected ? 'Sign in again' : 'Sign in'}
            </button>
          </>
        )}
      </div>
      {action.done && <div className="alert alert-success" role="status">{action.done}</div>}
      <ErrorAlert error={action.error} />
    </section>
  );
}
