import { useState } from 'react';
import type { ManagerView } from '../../../../shared/ipc/types.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { SecretField } from '../../components/SecretField.js';
import { useSettingsAction } from './useSettingsAction.js';
import { useManager } from '../../store/manager.js';

const issue = (pointer: string, detail: string | null) => (detail ? [{ pointer, code: 'invalid', detail }] : undefined);

/** Setting or changing the PIN that guards manager actions, and locking them on leaving the till. */
export function ManagerPinPanel({ manager }: { manager: ManagerView }) {
  const [pin, setPin] = useState('');
  const [repeat, setRepeat] = useState('');
  const action = useSettingsAction();
  const shape = pin && !/^[0-9]{4,8}$/.test(pin) ? 'The manager PIN is 4 to 8 digits.' : null;
  const mismatch = repeat && repeat !== pin ? 'The two PINs are not the same.' : null;
  const ready = pin.length > 0 && repeat.length > 0 && !shape && !mismatch;

  const save = async () => {
    if (!ready) return;
    if (await action.run('setManagerPin', { pin }, manager.hasPin ? 'Manager PIN changed' : 'Manager PIN set')) {
      setPin('');
      setRepeat('');
    }
  };

  return (
    <section className="settings-block" aria-labelledby="pin-heading">
      <h3 id="pin-heading">Manager PIN</h3>
      {!manager.hasPin && (
        <div className="alert alert-warning" role="alert">
          <div className="alert-body">
            <strong className="alert-title">No manager PIN is set</strong>
            <p className="alert-message">Anyone at this register can change these settings, sign in or out of the bank and change cards. Set a PIN now.</p>
          </div>
        </div>
      )}
      {manager.hasPin && (
        <p className="muted" role="status">
          {manager.unlocked ? 'Unlocked: the manager view locks itself after 5 minutes without a manager action, or at once with F2.' : 'Locked: the manager view asks for the PIN. The counter never does.'}
        </p>
      )}
      <form aria-label={manager.hasPin ? 'Change the manager PIN' : 'Set the manager PIN'} onSubmit={(e) => { e.preventDefault(); void save(); }}>
        <div className="form-grid">
          <SecretField label="New PIN" value={pin} onChange={setPin} numeric hint="4 to 8 digits" issues={issue('/pin', shape)} />
          <SecretField label="Repeat the new PIN" value={repeat} onChange={setRepeat} numeric issues={issue('/repeat', mismatch)} />
        </div>
        <div className="form-actions">
          {manager.hasPin && manager.unlocked && (
            <button type="button" className="btn btn-secondary" disabled={action.busy} onClick={() => void useManager.getState().lock()}>
              Lock now
            </button>
          )}
          <button type="submit" className="btn btn-primary" disabled={action.busy || !ready}>{manager.hasPin ? 'Change PIN' : 'Set PIN'}</button>
        </div>
      </form>
      {action.done && <div className="alert alert-success" role="status">{action.done}</div>}
      <ErrorAlert error={action.error} />
    </section>
  );
}
