import { useState } from 'react';
import type { StoreLinkView, StoreSettingsView } from '../../../../shared/ipc/types.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { SecretField } from '../../components/SecretField.js';
import { TextField } from '../../components/TextField.js';
import { useT } from '../../i18n/useT.js';
import { placeIssues } from '../../logic/issues.js';
import { useLocale } from '../../hooks/useLocale.js';
import { clockSkewWords, storeProblemWords, STORE_STATUS_WORDS } from '../../logic/store-words.js';
import { useSettingsAction } from './useSettingsAction.js';

const FIELD_POINTERS = { url: ['/url'], registerName: ['/registerName'] };

/**
 * The shop's store: which store (server, database, user, TLS; never the address itself, which
 * carries the password), this register's name, whether the store answers and why not. A manager
 * sets it here unless it was set when Counterpay started, and can return the register to working alone.
 */
export function StorePanel({ view, live }: { view: StoreSettingsView; live: StoreLinkView | null }) {
  const t = useT();
  const locale = useLocale();
  const link = live ?? view.link;
  const skew = link?.clockAheadSeconds != null ? clockSkewWords(link.clockAheadSeconds, locale) : null;
  const fixed = view.source === 'command_line' || view.source === 'environment';
  return (
    <section className="settings-block" aria-labelledby="store-heading">
      <h3 id="store-heading">{t('store.title')}</h3>
      <p className="muted">{t('store.intro')}</p>
      {view.source === 'none' && <p>{t('store.status.alone')}</p>}
      {link && <p>{t('store.register', { name: link.registerName })} {t(STORE_STATUS_WORDS[link.status])}</p>}
      {view.target && (
        <p>{t('store.target', { host: view.target.host, port: String(view.target.port), database: view.target.database, user: view.target.user })} {t(view.target.tls ? 'store.tls.on' : 'store.tls.off')}</p>
      )}
      {link?.fork && (
        <div className="alert alert-error" role="alert">{t('store.fork', { name: link.registerName, from: link.fork.from, to: link.fork.to })}</div>
      )}
      {link?.problem && (
        <div className={`alert ${link.status === 'refused' ? 'alert-error' : 'alert-warning'}`} role="status">{t(storeProblemWords(link.problem))}</div>
      )}
      {skew && <div className="alert alert-warning" role="status">{t(skew.id, { duration: skew.duration })}</div>}
      {fixed && <p className="muted">{t(view.source === 'command_line' ? 'store.source.commandLine' : 'store.source.environment')}</p>}
      {!fixed && <StoreForm view={view} />}
    </section>
  );
}

function StoreForm({ view }: { view: StoreSettingsView }) {
  const t = useT();
  const action = useSettingsAction();
  const [url, setUrl] = useState('');
  const [name, setName] = useState(view.registerName ?? '');
  const [confirming, setConfirming] = useState(false);
  const saved = view.source === 'settings';
  const remote = placeIssues(action.error?.issues, FIELD_POINTERS);

  const save = async () => {
    const req = { ...(url.trim() !== '' || !saved ? { url: url.trim() } : {}), registerName: name.trim() };
    // The typed address leaves the screen's memory as soon as the store took it.
    if (await action.run('saveStoreSettings', req, t('store.form.saved'))) setUrl('');
  };
  const stop = async () => {
    if (await action.run('stopUsingStore', undefined, t('store.stop.done'))) setConfirming(false);
  };

  return (
    <form className="store-form" noValidate onSubmit={(e) => { e.preventDefault(); void save(); }}>
      <div className="form-grid">
        <SecretField label={t('store.form.url')} value={url} onChange={setUrl} issues={remote.byField.url}
          hint={saved ? `${t('store.form.urlHint')} ${t('store.form.urlKept')}` : t('store.form.urlHint')} />
        <TextField label={t('store.form.name')} value={name} onChange={setName} issues={remote.byField.registerName} hint={t('store.form.nameHint')} required />
      </div>
      <ErrorAlert error={action.error} issues={remote.rest} />
      {action.done && <div className="alert alert-success" role="status">{action.done}</div>}
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={action.busy}>{t('store.form.save')}</button>
        {saved && !confirming && (
          <button type="button" className="btn btn-secondary" disabled={action.busy} onClick={() => setConfirming(true)}>{t('store.stop')}</button>
        )}
      </div>
      {confirming && (
        <div className="alert alert-warning" role="alertdialog" aria-label={t('store.stop')}>
          <div className="alert-body">
            <p className="alert-message">{t('store.stop.confirm')}</p>
            <div className="form-actions">
              <button type="button" className="btn btn-danger" disabled={action.busy} onClick={() => void stop()}>{t('store.stop.yes')}</button>
              <button type="button" className="btn btn-ghost" onClick={() => setConfirming(false)}>{t('common.cancel')}</button>
            </div>
          </div>
        </div>
      )}
    </form>
  );
}
