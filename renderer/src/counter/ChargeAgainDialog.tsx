import { useState } from 'react';
import { Dialog } from '../components/Dialog.js';

/**
 * Charging again after "no answer" can take the money twice if the first
 * payment did go through, so the cashier must first say they looked.
 */
export function ChargeAgainDialog({ busy, onConfirm, onCancel }: { busy: boolean; onConfirm: () => void; onCancel: () => void }) {
  const [checked, setChecked] = useState(false);
  return (
    <Dialog title="Charge again?" onClose={onCancel} tone="danger">
      <p>If the terminal shows the payment as accepted, the customer has already paid: do not charge again.</p>
      <label className="check-row big-check">
        <input type="checkbox" checked={checked} onChange={(e) => setChecked(e.target.checked)} />
        I checked the terminal: no payment was taken
      </label>
      <div className="dialog-actions">
        <button type="button" className="btn btn-secondary" onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className="btn btn-danger" disabled={!checked || busy} onClick={onConfirm}>
          Confirm and charge again
        </button>
      </div>
    </Dialog>
  );
}
