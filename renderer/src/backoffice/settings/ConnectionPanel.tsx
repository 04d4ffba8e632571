import { useState } from 'react';
import type { SettingsView } from '../../../../shared/ipc/types.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { ENVIRONMENT_INFO, missingScopes } from '../../logic/environments.js';
import { useApp } from '../../store/app.js';
import { useSettingsAction } from './useSettingsAction.js';
import { useT } from '../../i18n/useT.js';
import { scopeWords } from '../../logic/scope-words.js';
import { SignInWait } from './SignInWait.js';

/**
 * The live environment's bank sign-in. Sign-in opens the bank's page in the
 * system browser; this screen waits (and can cancel) until the browser comes back.
 */
export function ConnectionPanel({ view }: { view: SettingsView }) {
  const organization = useApp((s) => s.appState?.organization ?? null);
  const action = useSettingsAction();
  const t = useT();
  const [waiting, setWaiting] = useState(false);
  const env = view.environment;
  const label = env ? t(ENVIRONMENT_INFO[env].label) : '';
  const { connection } = view;
  const connected = connection.status === 'connected';
  const missing = connected ? missingScopes(connection.grantedScopes) : [];
  const pending = waiting || view.signInPending;

  const signIn = async () => {
    setWaiting(true);
    await action.run('signIn', undefined, t('settings.connection.signedInDone'));
    setWaiting(false);
  };

  if (env === null) {
    return (
      <section className="settings-block" aria-labelledby="connection-heading">
        <h3 id="connection-heading">{t('settings.connection.title')}</h3>
        <p className="muted">{t('settings.connection.noEnvironment')}</p>
      </section>
    );
  }

  if (env === 'training') {
    return (
      <section className="settings-block" aria-labelledby="connection-heading">
        <h3 id="connection-heading">{t('settings.connection.title')}</h3>
        <p className="muted">{t('settings.connection.training')}</p>
      </section>
    );
  }

  return (
    <section className="settings-block" aria-labelledby="connection-heading">
      <h3 id="connection-heading">{t('settings.connection.titleOf', { environment: label })}</h3>
      <dl className="facts">
        <div><dt>{t('settings.connection.status')}</dt><dd>{connected ? t('settings.connection.signedIn') : t('settings.connection.signedOut')}</dd></div>
        <div><dt>{t('settings.connection.organization')}</dt><dd>{connected ? organization?.name ?? '…' : '—'}</dd></div>
        <div className="wide"><dt>{t('settings.connection.permissions')}</dt><dd>{scopeWords(t, connection.grantedScopes) || t('common.none')}</dd></div>
      </dl>
      {connection.message && (
        <details className="alert-technical">
          <summary>{t('error.technical')}</summary>
          <p>{connection.message}</p>
        </details>
      )}
      {missing.length > 0 && (
        <div className="alert alert-warning" role="status">
          {t('settings.connection.missing', { count: missing.length })} {scopeWords(t, missing)}
        </div>
      )}
      {pending && <SignInWait redirectUri={view.environments[env].redirectUri} />}
      {!pending && (
        <div className="form-actions">
          {connected && (
            <button type="button" className="btn btn-danger-outline" disabled={action.busy} onClick={() => void action.run('signOut', undefined, t('settings.connection.signedOutDone'))}>
              {t('settings.connection.signOut')}
            </button>
          )}
          <button type="button" className="btn btn-primary" disabled={action.busy} onClick={() => void signIn()}>
            {connected ? t('settings.connection.signInAgain') : t('settings.connection.signIn')}
          </button>
        </div>
      )}
      {action.done && <div className="alert alert-success" role="status">{action.done}</div>}
      <ErrorAlert error={action.error} />
    </section>
  );
}
