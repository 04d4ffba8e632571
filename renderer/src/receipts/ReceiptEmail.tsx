/**
 * Sending the receipt to the customer's address: checked before it leaves the
 * screen, queued by the main process, and followed until the shop's mail server
 * takes it, so the cashier sees whether it left.
 */
import { useEffect, useState } from 'react';
import { isEmailAddress, type ReceiptMailStatus } from '../../../shared/domain/receipt.js';
import type { Language } from '../../../shared/i18n/languages.js';
import { emailReceiptOf, receiptMailStatusOf, targetKey, type ReceiptTarget } from './receipt-target.js';
import { ErrorAlert } from '../components/ErrorAlert.js';
import { useAction } from '../hooks/useAction.js';
import { useT, type Translate } from '../i18n/useT.js';
import type { MessageId } from '../../../shared/i18n/catalogs/en.js';

const FOLLOW_MS = 1500;

interface Props {
  target: ReceiptTarget;
  language: Language;
  ready: boolean;
  initial: ReceiptMailStatus | null;
}

function statusWords(t: Translate, s: ReceiptMailStatus): string {
  const cause = s.problem;
  const problem = cause ? t(`receipt.mail.problem.${cause}` satisfies MessageId) : '';
  if (s.state === 'sent') return t('receipt.mail.sent');
  if (s.state === 'failed') return t('receipt.mail.failed', { problem });
  if (s.problem && s.nextTryAt !== null) return t('receipt.mail.retrying', { problem, at: new Date(s.nextTryAt) });
  return t('receipt.mail.queued');
}

export function ReceiptEmail({ target, language, ready, initial }: Props) {
  const t = useT();
  const action = useAction();
  const [address, setAddress] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [status, setStatus] = useState<ReceiptMailStatus | null>(initial);

  useEffect(() => {
    if (status?.state !== 'queued') return;
    const timer = setTimeout(() => {
      void receiptMailStatusOf(target).then((res) => {
        if (res.ok && res.value) setStatus(res.value);
      });
    }, FOLLOW_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the key names the target
  }, [status, targetKey(target)]);

  if (!ready) return <p className="receipt-mail-off">{t('receipt.email.notSet')}</p>;

  const send = async () => {
    const to = address.trim();
    if (!isEmailAddress(to)) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    const res = await action.run(() => emailReceiptOf(target, to, language));
    if (res.ok) {
      setStatus(res.value);
      setAddress('');
    }
  };

  return (
    <form className="receipt-email" noValidate onSubmit={(e) => { e.preventDefault(); void send(); }}>
      <label className="field">
        <span>{t('receipt.email.address')}</span>
        <input type="email" value={address} autoComplete="off" aria-invalid={invalid} onChange={(e) => setAddress(e.target.value)} />
      </label>
      {invalid && <p className="field-error" role="alert">{t('receipt.email.invalid')}</p>}
      <button type="submit" className="btn btn-secondary" disabled={action.busy || address.trim() === ''}>{t('receipt.email.send')}</button>
      <ErrorAlert error={action.error} />
      {status && <p className={`receipt-mail-status is-${status.state}`} role="status">{statusWords(t, status)}</p>}
    </form>
  );
}
