import type { IpcError } from '../../../shared/ipc/types.js';
import type { FieldIssue } from '../../../shared/result.js';
import { issueWords } from '../i18n/issue-words.js';
import { useLocale } from '../hooks/useLocale.js';
import { useTerminalLabel } from '../hooks/usePoiOf.js';
import { useT } from '../i18n/useT.js';
import { errorParams, errorWords, extraIssues } from '../logic/errors.js';

interface Props {
  error: IpcError | null;
  /** Issues not shown next to a field; defaults to all of the error's issues. */
  issues?: FieldIssue[];
  onDismiss?: () => void;
}

/**
 * Any failed call, in words: what happened and what to do next, then issues
 * not placed on a field. The main process's text, status and trace are folded
 * into the technical details, for a manager or support.
 */
export function ErrorAlert({ error, issues, onDismiss }: Props) {
  const t = useT();
  const locale = useLocale();
  const terminalLabel = useTerminalLabel();
  if (!error) return null;
  const params = errorParams(error, locale, t, terminalLabel);
  const shown = extraIssues(error, issues ?? error.issues ?? []);
  const words = errorWords(error);
  return (
    <div className="alert alert-error" role="alert">
      <div className="alert-body">
        <strong className="alert-title">{t(words.title, params)}</strong>
        <p className="alert-message">{t(words.next, params)}</p>
        {shown.length > 0 && (
          <ul className="alert-issues">
            {shown.map((i, n) => <li key={n}>{issueWords(t, i)}</li>)}
          </ul>
        )}
        <details className="alert-technical">
          <summary>{t('error.technical')}</summary>
          <p className="mono">{error.message}</p>
          {shown.map((i, n) => <p key={n} className="mono">{i.pointer} {i.detail}</p>)}
          {error.status !== undefined && <p>{t('error.status', { status: String(error.status) })}</p>}
          {error.traceId && <p>{t('error.supportReference', { reference: error.traceId })}</p>}
          {error.detail && <pre>{error.detail}</pre>}
        </details>
      </div>
      {onDismiss && (
        <button type="button" className="btn btn-ghost btn-small" onClick={onDismiss}>
          {t('common.dismiss')}
        </button>
      )}
    </div>
  );
}
