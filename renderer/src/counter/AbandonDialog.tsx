import { Dialog } from '../components/Dialog.js';
import { useT } from '../i18n/useT.js';

/**
 * The bank cannot cancel a payment on its way to the terminal: only the terminal can.
 * So abandoning asks first and says where to cancel; the app keeps watching it anyway.
 */
export function AbandonDialog({ busy, onConfirm, onCancel }: { busy: boolean; onConfirm: () => void; onCancel: () => void }) {
  const t = useT();
  return (
    <Dialog title={t('abandon.title')} onClose={onCancel} tone="danger">
      <p>{t('abandon.cancelOnTerminal')}</p>
      <p>{t('abandon.alerted')}</p>
      <div className="dialog-actions">
        <button type="button" className="btn btn-secondary" onClick={onCancel}>
          {t('abandon.keepWaiting')}
        </button>
        <button type="button" className="btn btn-danger" disabled={busy} onClick={onConfirm}>
          {t('abandon.confirm')}
        </button>
      </div>
    </Dialog>
  );
}
