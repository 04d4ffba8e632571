/**
 * The key this register signs its journal with (docs/signatures.md): where it is kept, and a
 * manager's change of it, confirmed first, written in the journal and signed by the old key.
 * The key's id and whole fingerprint are for whoever checks the journal (an auditor compares them
 * with what verify prints), so they sit in the technical details.
 */
import { useState } from 'react';
import { call } from '../../bridge.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { useAction } from '../../hooks/useAction.js';
import { useRemote } from '../../hooks/useRemote.js';
import { useT } from '../../i18n/useT.js';

export function SigningKeyPanel() {
  const t = useT();
  const key = useRemote(() => call('getSigningKey', undefined), 'signing-key');
  const action = useAction();
  const [asking, setAsking] = useState(false);
  const [name, setName] = useState('');
  const view = key.data;
  return (
    <section className="settings-block" aria-labelledby="signing-key-heading">
      <h3 id="signing-key-heading">{t('signingKey.title')}</h3>
      <p>{t('signingKey.intro')}</p>
      <ErrorAlert error={key.error} />
      {view && <p>{t(view.storage === 'keychain' ? 'signingKey.keychain' : 'signingKey.file')}</p>}
      {view && (
        <details className="alert-technical">
          <summary>{t('error.technical')}</summary>
          <p className="mono">{view.keyId}</p>
          <p className="mono">{view.fingerprint.replace(/(.{4})(?!$)/g, '$1 ')}</p>
        </details>
      )}
      {!asking && view && <button type="button" className="btn btn-secondary" onClick={() => setAsking(true)}>{t('signingKey.change')}</button>}
      {asking && (
        <form className="close-form" onSubmit={(e) => {
          e.preventDefault();
          void action.run(() => call('changeSigningKey', { by: name }), t('signingKey.changed')).then((r) => {
            if (!r.ok) return;
            setAsking(false);
            key.reload();
          });
        }}>
          <p role="alert" className="alert alert-warning">{t('signingKey.confirm')}</p>
          <label>{t('archive.yourName')} <input value={name} onChange={(e) => setName(e.target.value)} maxLength={60} required /></label>
          <button type="submit" className="btn btn-primary" disabled={action.busy || name.trim() === ''}>{t('signingKey.yes')}</button>
          <button type="button" className="btn btn-secondary" onClick={() => setAsking(false)}>{t('signingKey.no')}</button>
        </form>
      )}
      <ErrorAlert error={action.error} onDismiss={action.dismissError} />
      {action.done && <p className="done" role="status">{action.done}</p>}
    </section>
  );
}
