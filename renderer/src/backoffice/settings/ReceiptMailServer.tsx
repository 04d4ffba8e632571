/**
 * The shop's mail server for receipt e-mails, in the receipt settings: which server
 * is set (never its password), and the fields to set or change it, unless it was
 * set when Counterpay started. An empty password keeps the saved one.
 */
import { useState } from 'react';
import type { MailServerView } from '../../../../shared/domain/receipt.js';
import type { Req } from '../../../../shared/ipc/contract.js';
import { SecretField } from '../../components/SecretField.js';
import { TextField } from '../../components/TextField.js';
import { useT } from '../../i18n/useT.js';

type MailServerRequest = Req<'saveReceiptSettings'>['mailServer'];

interface Props {
  view: MailServerView;
  busy: boolean;
  onSave: (server: MailServerRequest) => Promise<boolean>;
}

export function ReceiptMailServer({ view, busy, onSave }: Props) {
  const t = useT();
  const target = view.target;
  const [host, setHost] = useState(view.source === 'settings' ? (target?.host ?? '') : '');
  const [port, setPort] = useState(String(target?.port ?? 587));
  const [tls, setTls] = useState(target?.tls ?? false);
  const [user, setUser] = useState(view.source === 'settings' ? (target?.user ?? '') : '');
  const [password, setPassword] = useState('');

  const save = async () => {
    // The typed password leaves the screen's memory as soon as it is saved.
    if (await onSave({ host: host.trim(), port: Number(port), tls, user: user.trim(), ...(password ? { password } : {}) })) setPassword('');
  };

  return (
    <div className="receipt-mail-server" role="group" aria-labelledby="receipt-mail-heading">
      <h4 id="receipt-mail-heading">{t('receipt.settings.mail')}</h4>
      {target
        ? <p>{t('receipt.settings.mail.target', { host: target.host, port: String(target.port), user: target.user || '—', tls: target.tls ? 'yes' : 'no' })}</p>
        : <p className="muted">{t('receipt.settings.mail.none')}</p>}
      {view.source === 'environment' && <p className="muted">{t('receipt.settings.mail.fromStart')}</p>}
      {view.source !== 'environment' && (
        <form noValidate onSubmit={(e) => { e.preventDefault(); void save(); }}>
          <div className="form-grid">
            <TextField label={t('receipt.settings.mail.host')} value={host} onChange={setHost} required />
            <TextField label={t('receipt.settings.mail.port')} value={port} onChange={setPort} required />
            <TextField label={t('receipt.settings.mail.user')} value={user} onChange={setUser} />
            <SecretField label={t('receipt.settings.mail.password')} value={password} onChange={setPassword}
              {...(view.source === 'settings' ? { hint: t('receipt.settings.mail.passwordKept') } : {})} />
          </div>
          <label className="check-row">
            <input type="checkbox" checked={tls} onChange={(e) => setTls(e.target.checked)} />
            <span>{t('receipt.settings.mail.tls')}</span>
          </label>
          <div className="form-actions">
            <button type="submit" className="btn btn-primary" disabled={busy || host.trim() === ''}>{t('receipt.settings.save')}</button>
            {view.source === 'settings' && (
              <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => void onSave(null)}>{t('receipt.settings.mail.remove')}</button>
            )}
          </div>
        </form>
      )}
    </div>
  );
}
