import { useState } from 'react';
import { Dialog } from '../components/Dialog.js';
import { useT } from '../i18n/useT.js';

/**
 * Charging again after "no answer" can take the money twice if the first
 * payment did go through, so the cashier must first say they looked.
 */
export function ChargeAgainDialog({ busy, onConfirm, onCancel }: { busy: boolean; onConfirm: () => void; onCancel: () => void }) {
  const t = useT();
  const [checked, setChecked] = useState(false);
  return (
    <Dialog title={t('chargeAgain.title')} onClose={onCancel} tone="danger">
      <p>{t('chargeAgain.body')}</p>
      <label className="check-row big-check">
        <input type="checkbox" checked={checked} onChange={(e) => setChecked(e.target.checked)} />
        {t('chargeAgain.check')}
      </label>
      <div className="dialog-actions">
        <button type="button" className="btn btn-secondary" onClick={onCancel}>
          {t('common.cancel')}
        </button>
        <button type="button" className="btn btn-danger" disabled={!checked || busy} onClick={onConfirm}>
          {t('chargeAgain.confirm')}
        </button>
      </div>
    </Dialog>
  );
}
