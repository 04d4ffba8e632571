import type { ClosedReason, SetupNotice } from '../../../shared/ipc/types.js';
import { setupNoticeWords } from '../../../shared/i18n/notice-words.js';
import { useT } from '../i18n/useT.js';
import { useApp } from '../store/app.js';
import { ChainNoticeAck } from './ChainNoticeAck.js';

/**
 * Files the till found damaged or missing at start-up: what was lost and how
 * to get it back. On the counter (so the manager sees it at once) and at the
 * top of the settings, until the recovery step is done.
 */
export function SetupNotices() {
  const t = useT();
  const notices: SetupNotice[] = useApp((s) => s.appState?.notices) ?? [];
  if (notices.length === 0) return null;
  return (
    <div className="setup-notices" aria-label={t('setup.label')}>
      {notices.map((n) => {
        const words = setupNoticeWords(t, n);
        return (
          <div key={n.id} className="alert alert-error setup-notice" role="alert">
            <div className="alert-body">
              <strong className="alert-title">{words.title}</strong>
              <p className="alert-message"><span className="notice-label">{t('setup.lost')} </span>{words.lost}</p>
              <p className="alert-message"><span className="notice-label">{t('setup.recover')} </span>{words.recover}</p>
              {/* A lost journal file the chain check journaled too is one notice, acknowledged as the chain's. */}
              {(n.kind === 'journal_chain_broken' || (n.kind === 'journal_file_missing' && n.params.seq !== undefined)) && <ChainNoticeAck seq={Number(n.params.seq)} />}
              {n.detail && (
                <details className="alert-technical">
                  <summary>{t('error.technical')}</summary>
                  <p className="mono">{n.detail}</p>
                </details>
              )}
            </div>
          </div>
        );
      })}
    </div>
  );
}

/** Instead of the keypad while the till cannot take a sale at all. */
export function TillClosed({ reason }: { reason: ClosedReason }) {
  const t = useT();
  return (
    <div className="till-closed" role="status" aria-labelledby="till-closed-heading">
      <h1 id="till-closed-heading" className="attempt-heading">{t('closed.heading')}</h1>
      <p>{t('closed.reason', { why: reason })}</p>
    </div>
  );
}
