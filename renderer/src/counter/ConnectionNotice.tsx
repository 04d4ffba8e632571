import { connectionNotice } from '../logic/connection.js';
import { useT } from '../i18n/useT.js';
import { useApp } from '../store/app.js';

/** The one place the counter says the bank is out of reach; Charge repeats only who must act. */
export function ConnectionNotice() {
  const t = useT();
  const connection = useApp((s) => s.appState?.connection);
  const notice = connectionNotice(connection);
  if (!notice) return null;
  return (
    <div className="alert alert-error connection-notice" role="alert">
      <div className="alert-body">
        <strong className="alert-title">{t(notice.title)}</strong>
        <p className="alert-message">{t(notice.message)}</p>
        {notice.technical && (
          <details className="alert-technical">
            <summary>{t('error.technical')}</summary>
            <p>{notice.technical}</p>
          </details>
        )}
      </div>
    </div>
  );
}
