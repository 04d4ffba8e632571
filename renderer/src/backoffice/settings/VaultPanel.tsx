import type { VaultView } from '../../../../shared/ipc/types.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { useSettingsAction } from './useSettingsAction.js';
import { useT } from '../../i18n/useT.js';
import type { MessageId } from '../../../../shared/i18n/catalogs/en.js';

const PERSISTENCE_WORDS: Record<VaultView['persistence'], MessageId> = {
  encrypted: 'settings.vault.encrypted',
  'memory-only': 'settings.vault.memoryOnly',
  'plain-text-accepted': 'settings.vault.plainText',
};

/** Where the bank sign-in and the secrets are kept, and the manager's explicit choice when the OS offers no real encryption. */
export function VaultPanel({ vault }: { vault: VaultView }) {
  const t = useT();
  const action = useSettingsAction();
  return (
    <section className="settings-block" aria-labelledby="vault-heading">
      <h3 id="vault-heading">{t('settings.vault.title')}</h3>
      <p>{t(PERSISTENCE_WORDS[vault.persistence])}</p>
      {(vault.reason || vault.warnings.length > 0) && (
        // The main process's own explanation (which OS store, which entries) is for the manager or support.
        <details className="alert alert-warning alert-technical">
          <summary>{t('error.technical')}</summary>
          <p className="mono">{vault.backend}</p>
          {vault.reason && <p>{vault.reason}</p>}
          {vault.warnings.map((w) => <p key={w}>{w}</p>)}
        </details>
      )}
      {vault.plainTextOnly && (
        <label className="check-row big-check">
          <input type="checkbox" checked={vault.acceptPlainTextRisk} disabled={action.busy}
            onChange={(e) => void action.run('setAcceptPlainTextRisk', { accept: e.target.checked })} />
          {t('settings.vault.accept')}
        </label>
      )}
      <ErrorAlert error={action.error} />
    </section>
  );
}
