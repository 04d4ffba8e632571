import { useEffect } from 'react';
import { ErrorAlert } from '../components/ErrorAlert.js';
import { SetupNotices } from '../components/SetupNotices.js';
import { useApp } from '../store/app.js';
import { useSettings } from '../store/settings.js';
import { ConnectionPanel } from './settings/ConnectionPanel.js';
import { EnvironmentForm } from './settings/EnvironmentForm.js';
import { EnvironmentPanel } from './settings/EnvironmentPanel.js';
import { ManagerPinPanel } from './settings/ManagerPinPanel.js';
import { StorePanel } from './settings/StorePanel.js';
import { VaultPanel } from './settings/VaultPanel.js';
import { SigningKeyPanel } from './settings/SigningKeyPanel.js';
import { LanguagePanel } from './settings/LanguagePanel.js';
import { ReceiptPanel } from './settings/ReceiptPanel.js';
import { useT } from '../i18n/useT.js';
import '../styles/settings.css';

/**
 * The manager's settings: the PIN, the register's language, the live environment and its bank sign-in,
 * each bank environment's connection settings, and where secrets are kept.
 * Every change here is a manager action (the PIN prompt appears when locked).
 */
export function Settings() {
  const t = useT();
  const view = useSettings((s) => s.view);
  const error = useSettings((s) => s.error);
  const registerId = useApp((s) => s.appState?.registerId);
  const store = useApp((s) => s.appState?.store);
  useEffect(() => {
    void useSettings.getState().load();
  }, []);

  return (
    <section className="bo-section settings" aria-labelledby="settings-heading">
      <h2 id="settings-heading">{t('settings.title')}</h2>
      <SetupNotices />
      <ErrorAlert error={error} />
      {!view && !error && <p className="muted" role="status">{t('common.loading')}</p>}
      {view && (
        <>
          <ManagerPinPanel manager={view.manager} />
          <LanguagePanel />
          <EnvironmentPanel view={view} />
          <ConnectionPanel view={view} />
          <StorePanel view={view.store} live={store ?? null} />
          {view.environment && <ReceiptPanel key={view.environment} />}
          <EnvironmentForm environment="sandbox" view={view.environments.sandbox} />
          <EnvironmentForm environment="production" view={view.environments.production} />
          <VaultPanel vault={view.vault} />
          {view.environment && <SigningKeyPanel key={view.environment} />}
        </>
      )}
      {/* The register's internal id means nothing at the counter; support and the store's IT person may ask for it. */}
      {registerId && (
        <details className="alert-technical">
          <summary>{t('error.technical')}</summary>
          <p className="mono">{t('settings.register', { id: registerId })}</p>
        </details>
      )}
    </section>
  );
}
