import { useApp } from '../store/app.js';

/** Store mode with the store out of reach: the counter says so once, with what it means for charging. */
export function StoreNotice() {
  const store = useApp((s) => s.appState?.store);
  if (!store || store.status === 'connected' || store.status === 'connecting') return null;
  return (
    <div className="alert alert-warning store-notice" role="alert">
      <div className="alert-body">
        <strong className="alert-title">{store.status === 'refused' ? 'Not connected to the store' : 'The store is not reachable'}</strong>
        <p className="alert-message">{store.message}</p>
        <p className="alert-message">Other registers cannot be asked whether a terminal is in use: before charging, look at the terminal and confirm it shows no other payment.</p>
      </div>
    </div>
  );
}
