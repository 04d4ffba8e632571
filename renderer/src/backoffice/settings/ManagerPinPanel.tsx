import { useState } from 'react';
import type { ManagerView } from '../../../../shared/ipc/types.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { SecretField } from '../../components/SecretField.js';
import { useSettingsAction } from './useSettingsAction.js';
import { useT } from '../../i18n/useT.js';
import { useManager } from '../../store/manager.js';

/**
 * Setting or changing the PIN that guards manager actions, and locking them on leaving the till.
 * Once the staff list holds a manager, each opens the back office with their own PIN and this
 * register PIN opens nothing: the panel says where PINs are changed now instead of offering one.
 */
export function ManagerPinPanel({ manager }: { manager: ManagerView }) {
  const [pin, setPin] = useState('');
  const [repeat, setRepeat] = useState('');
  const action = useSettingsAction();
  const t = useT();
  const shape = pin && !/^[0-9]{4,8}$/.test(pin) ? t('settings.pin.shape') : null;
  const mismatch = repeat && repeat !== pin ? t('settings.pin.mismatch') : null;
  const ready = pin.length > 0 && repeat.length > 0 && !shape && !mismatch;

  const lockNow = manager.hasPin && manager.unlocked && (
    <button type="button" className="btn btn-secondary" disabled={action.busy} onClick={() => void useManager.getState().lock()}>
      {t('settings.pin.lockNow')}
    </button>
  );

  if (manager.managers.length > 0) {
    return (
      <section className="settings-block" aria-labelledby="pin-heading">
        <h3 id="pin-heading">{t('settings.pin.title')}</h3>
        <p className="muted" role="status">{t('staff.pinPanel.replaced', { tab: t('staff.tab') })}</p>
        {lockNow && <div className="form-actions">{lockNow}</div>}
      </section>
    );
  }

  const save = async () => {
    if (!ready) return;
    if (await action.run('setManagerPin', { pin }, manager.hasPin ? t('settings.pin.changed') : t('settings.pin.saved'))) {
      setPin('');
      setRepeat('');
    }
  };

  return (
    <section className="settings-block" aria-labelledby="pin-heading">
      <h3 id="pin-heading">{t('settings.pin.title')}</h3>
      {!manager.hasPin && (
        <div className="alert alert-warning" role="alert">
          <div className="alert-body">
            <strong className="alert-title">{t('settings.pin.noneTitle')}</strong>
            <p className="alert-message">{t('settings.pin.noneBody')}</p>
          </div>
        </div>
      )}
      {manager.hasPin && (
        <p className="muted" role="status">
          {manager.unlocked ? t('settings.pin.unlocked') : t('settings.pin.locked')}
        </p>
      )}
      <form aria-label={manager.hasPin ? t('settings.pin.formChange') : t('settings.pin.formSet')} onSubmit={(e) => { e.preventDefault(); void save(); }}>
        <div className="form-grid">
          <SecretField label={t('settings.pin.new')} value={pin} onChange={setPin} numeric hint={t('settings.pin.newHint')} error={shape} />
          <SecretField label={t('settings.pin.repeat')} value={repeat} onChange={setRepeat} numeric error={mismatch} />
        </div>
        <div className="form-actions">
          {lockNow}
          <button type="submit" className="btn btn-primary" disabled={action.busy || !ready}>{manager.hasPin ? t('settings.pin.change') : t('settings.pin.set')}</button>
        </div>
      </form>
      {action.done && <div className="alert alert-success" role="status">{action.done}</div>}
      <ErrorAlert error={action.error} />
    </section>
  );
}
