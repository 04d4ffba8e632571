import { useT } from '../i18n/useT.js';

/**
 * Journal records the main process could not read (torn write after a power cut):
 * reported, never hidden. Which records, in the main process's words, is for a manager.
 */
export function JournalWarnings({ warnings }: { warnings: readonly string[] }) {
  const t = useT();
  if (warnings.length === 0) return null;
  return (
    <div className="alert alert-warning" role="alert">
      <div className="alert-body">
        <strong className="alert-title">{t('journalWarnings.title')}</strong>
        <p className="alert-message">{t('journalWarnings.next')}</p>
        <details className="alert-technical">
          <summary>{t('error.technical')}</summary>
          <ul className="alert-issues">{warnings.map((w, n) => <li key={n} className="mono">{w}</li>)}</ul>
        </details>
      </div>
    </div>
  );
}
