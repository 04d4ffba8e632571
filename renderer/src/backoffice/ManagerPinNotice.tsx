import { useManager } from '../store/manager.js';

/** First run: until a manager sets a PIN, anyone can use the manager actions. Say so on every back-office tab. */
export function ManagerPinNotice() {
  const hasPin = useManager((s) => s.view?.hasPin);
  if (hasPin !== false) return null;
  return (
    <div className="alert alert-warning" role="status">
      <div className="alert-body">
        <strong className="alert-title">No manager PIN is set</strong>
        <p className="alert-message">Anyone at this register can change the settings, the bank connection and cards. Set a manager PIN in Settings.</p>
      </div>
    </div>
  );
}
