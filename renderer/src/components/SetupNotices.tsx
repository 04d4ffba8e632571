import type { SetupNotice } from '../../../shared/ipc/types.js';
import { useApp } from '../store/app.js';

/**
 * Files the till found damaged or missing at start-up: what was lost and how
 * to get it back. On the counter (so the manager sees it at once) and at the
 * top of the settings, until the recovery step is done.
 */
export function SetupNotices() {
  const notices: SetupNotice[] = useApp((s) => s.appState?.notices) ?? [];
  if (notices.length === 0) return null;
  return (
    <div className="setup-notices" aria-label="Problems found at start-up">
      {notices.map((n) => (
        <div key={n.id} className="alert alert-error setup-notice" role="alert">
          <div className="alert-body">
            <strong className="alert-title">{n.title}</strong>
            <p className="alert-message"><span className="notice-label">Lost: </span>{n.lost}</p>
            <p className="alert-message"><span className="notice-label">To recover: </span>{n.recover}</p>
          </div>
        </div>
      ))}
    </div>
  );
}

/** Instead of the keypad while the till cannot take a sale at all. */
export function TillClosed({ reason }: { reason: string }) {
  return (
    <div className="till-closed" role="status" aria-labelledby="till-closed-heading">
      <h1 id="till-closed-heading" className="attempt-heading">No sale can be taken</h1>
      <p>{reason}</p>
    </div>
  );
}
