import { Dialog } from '../components/Dialog.js';

/**
 * The bank cannot cancel a payment on its way to the terminal: only the terminal can.
 * So abandoning asks first and says where to cancel; the app keeps watching it anyway.
 */
export function AbandonDialog({ busy, onConfirm, onCancel }: { busy: boolean; onConfirm: () => void; onCancel: () => void }) {
  return (
    <Dialog title="Abandon this payment?" onClose={onCancel} tone="danger">
      <p>Cancel the payment on the terminal itself first (its red key): Counterpay cannot cancel it from here.</p>
      <p>If the customer still pays it on the terminal, this counter and the manager are alerted.</p>
      <div className="dialog-actions">
        <button type="button" className="btn btn-secondary" onClick={onCancel}>
          Keep waiting
        </button>
        <button type="button" className="btn btn-danger" disabled={busy} onClick={onConfirm}>
          Abandon the payment
        </button>
      </div>
    </Dialog>
  );
}
