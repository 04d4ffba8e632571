import { useEffect, useState } from 'react';
import type { IpcError } from '../../../shared/ipc/types.js';
import { setLockedHandler } from '../bridge.js';
import { useManager } from '../store/manager.js';
import { Dialog } from './Dialog.js';
import { ErrorAlert } from './ErrorAlert.js';
import { SecretField } from './SecretField.js';

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

  const submit = async () => {
    if (busy || !pin) return;
    setBusy(true);
    const res = await useManager.getState().unlock(pin);
    setBusy(false);
    if (res.ok) answer(true);
    else {
      setError(res.error);
      setPin('');
    }
  };

  return (
    <Dialog title="Manager PIN" onClose={() => answer(false)}>
      <form onSubmit={(e) => { e.preventDefault(); void submit(); }}>
        <p className="muted">This is for the manager. Enter the manager PIN to continue.</p>
        <SecretField label="Manager PIN" value={pin} onChange={setPin} numeric autoFocus />
        <ErrorAlert error={error} />
        <div className="dialog-actions">
          <button type="button" className="btn btn-secondary" onClick={() => answer(false)}>Cancel</button>
          <button type="submit" className="btn btn-primary" disabled={busy || pin.length === 0}>Unlock</button>
        </div>
      </form>
    </Dialog>
  );
}
