import { useEffect, useState } from 'react';
import type { IpcError } from '../../../shared/ipc/types.js';
import { setLockedHandler } from '../bridge.js';
import { useManager } from '../store/manager.js';
import { Dialog } from './Dialog.js';
import { ErrorAlert } from './ErrorAlert.js';
import { SecretField } from './SecretField.js';
import { useT } from '../i18n/useT.js';

/** Asks for the manager PIN whenever a manager action is refused as locked, then lets the action go through. */
export function PinPrompt() {
  const asking = useManager((s) => s.asking);
  useEffect(() => {
    setLockedHandler(() => useManager.getState().ask());
    return () => setLockedHandler(null);
  }, []);
  return asking ? <PinDialog /> : null;
}

function PinDialog() {
  const [pin, setPin] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<IpcError | null>(null);
  const answer = useManager((s) => s.answer);
  const managers = useManager((s) => s.view?.managers ?? []);
  const [managerId, setManagerId] = useState<string | null>(null);
  const chosen = managers.length === 1 ? managers[0]?.id ?? null : managerId;
  const t = useT();

  const submit = async () => {
    if (busy || !pin || (managers.length > 0 && !chosen)) return;
    setBusy(true);
    const res = await useManager.getState().unlock(pin, chosen ?? undefined);
    setBusy(false);
    if (res.ok) answer(true);
    else {
      setError(res.error);
      setPin('');
    }
  };

  return (
    <Dialog title={t('pin.title')} onClose={() => answer(false)}>
      <form onSubmit={(e) => { e.preventDefault(); void submit(); }}>
        <p className="muted">{t('pin.explain')}</p>
        {managers.length > 1 && (
          <fieldset className="field">
            <legend>{t('staff.unlock.who')}</legend>
            {managers.map((m) => (
              <label key={m.id} className="radio">
                <input type="radio" name="manager" checked={managerId === m.id} onChange={() => setManagerId(m.id)} /> {m.name}
              </label>
            ))}
          </fieldset>
        )}
        <SecretField label={t('pin.label')} value={pin} onChange={setPin} numeric autoFocus />
        <ErrorAlert error={error} />
        <div className="dialog-actions">
          <button type="button" className="btn btn-secondary" onClick={() => answer(false)}>{t('common.cancel')}</button>
          <button type="submit" className="btn btn-primary" disabled={busy || pin.length === 0 || (managers.length > 0 && !chosen)}>{t('pin.unlock')}</button>
        </div>
      </form>
    </Dialog>
  );
}
