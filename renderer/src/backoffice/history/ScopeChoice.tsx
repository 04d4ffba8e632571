import type { HistoryScope } from '../../../../shared/domain/day-report.js';
import type { IpcError } from '../../../../shared/ipc/types.js';
import { useT } from '../../i18n/useT.js';

/** Store mode only: this register's own journal, or every register's as the store holds them. */
export function ScopeChoice({ scope, onChange }: { scope: HistoryScope; onChange: (scope: HistoryScope) => void }) {
  const t = useT();
  return (
    <fieldset className="history-scope">
      <legend>{t('history.scope.label')}</legend>
      {(['register', 'store'] as const).map((s) => (
        <label key={s} className={scope === s ? 'is-chosen' : undefined}>
          <input type="radio" name="history-scope" value={s} checked={scope === s} onChange={() => onChange(s)} />
          {t(s === 'register' ? 'history.scope.register' : 'history.scope.store')}
        </label>
      ))}
    </fieldset>
  );
}

/** The store cannot be read: say so, and offer this register's journal, which is always on this computer. */
export function StoreDown({ error, onShowRegister }: { error: IpcError; onShowRegister: () => void }) {
  const t = useT();
  return (
    <div className="alert alert-warning" role="alert">
      <div className="alert-body">
        <strong className="alert-title">{t('history.storeDown.title')}</strong>
        <p className="alert-message">{t('history.storeDown.message', { problem: String(error.params?.problem ?? 'link_down') })}</p>
        <details className="alert-technical">
          <summary>{t('error.technical')}</summary>
          <p className="mono">{error.message}</p>
        </details>
      </div>
      <button type="button" className="btn btn-primary btn-small" onClick={onShowRegister}>{t('history.storeDown.showRegister')}</button>
    </div>
  );
}
