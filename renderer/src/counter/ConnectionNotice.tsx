import { connectionNotice } from '../logic/connection.js';
import { useApp } from '../store/app.js';

/** The one place the counter says the bank is out of reach; Charge repeats only who must act. */
export function ConnectionNotice() {
  const connection = useApp((s) => s.appState?.connection);
  const notice = connectionNotice(connection);
  if (!notice) return null;
  return (
    <div className="alert alert-error connection-notice" role="alert">
      <div className="alert-body">
        <strong className="alert-title">{notice.title}</strong>
        <p className="alert-message">{notice.message}</p>
        <p className="alert-message">{notice.detail}</p>
      </div>
    </div>
  );
}
