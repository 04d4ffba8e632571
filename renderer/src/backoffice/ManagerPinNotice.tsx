import { useManager } from '../store/manager.js';
import { useT } from '../i18n/useT.js';

/** First run: until a manager sets a PIN, anyone can use the manager actions. Say so on every back-office tab. */
export function ManagerPinNotice() {
  const t = useT();
  const hasPin = useManager((s) => s.view?.hasPin);
  if (hasPin !== false) return null;
  return (
    <div className="alert alert-warning" role="status">
      <div className="alert-body">
        <strong className="alert-title">{t('pinNotice.title')}</strong>
        <p className="alert-message">{t('pinNotice.body')}</p>
      </div>
    </div>
  );
}
