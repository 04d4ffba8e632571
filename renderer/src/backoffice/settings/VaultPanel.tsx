import type { VaultView } from '../../../../shared/ipc/types.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { useSettingsAction } from './useSettingsAction.js';

const PERSISTENCE_WORDS: Record<VaultView['persistence'], string> = {
  encrypted: 'Encrypted on disk with this computer\'s secure storage.',
  'memory-only': 'Kept in memory only: after a restart a manager must sign in again.',
  'plain-text-accepted': 'Saved with the operating system\'s plain-text fallback, as a manager chose.',
};

/** Where the bank sign-in and the secrets are kept, and the manager's explicit choice when the OS offers no real encryption. */
export function VaultPanel({ vault }: { vault: VaultView }) {
  const action = useSettingsAction();
  return (
    <section className="settings-block" aria-labelledby="vault-heading">
      <h3 id="vault-heading">Saved sign-ins and secrets</h3>
      <p>{PERSISTENCE_WORDS[vault.persistence]} <span className="muted">(secure storage: <span className="mono">{vault.backend}</span>)</span></p>
      {vault.reason && <div className="alert alert-warning" role="status">{vault.reason}</div>}
      {vault.warnings.map((w) => <div key={w} className="alert alert-warning" role="status">{w}</div>)}
      {vault.plainTextOnly && (
        <label className="check-row big-check">
          <input type="checkbox" checked={vault.acceptPlainTextRisk} disabled={action.busy}
            onChange={(e) => void action.run('setAcceptPlainTextRisk', { accept: e.target.checked })} />
          Save the bank sign-in anyway, knowing anyone who can read this computer&apos;s files could use it
        </label>
      )}
      <ErrorAlert error={action.error} />
    </section>
  );
}
