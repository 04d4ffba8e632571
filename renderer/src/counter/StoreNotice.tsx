import { useApp } from '../store/app.js';
import { useT } from '../i18n/useT.js';
import { storeProblemWords } from '../logic/store-words.js';

/** Store mode with the store out of reach: the counter says so once, with what it means for charging. */
export function StoreNotice() {
  const t = useT();
  const store = useApp((s) => s.appState?.store);
  if (!store || store.status === 'connected' || store.status === 'connecting') return null;
  return (
    <div className="alert alert-warning store-notice" role="alert">
      <div className="alert-body">
        <strong className="alert-title">{t(store.status === 'refused' ? 'store.notice.refusedTitle' : 'store.notice.downTitle')}</strong>
        {store.problem && <p className="alert-message">{t(storeProblemWords(store.problem))}</p>}
        <p className="alert-message">{t('store.notice.confirmFirst')}</p>
      </div>
    </div>
  );
}
