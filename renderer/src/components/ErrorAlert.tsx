import type { IpcError } from '../../../shared/ipc/types.js';
import type { FieldIssue } from '../../../shared/result.js';
import { errorHeadline } from '../logic/errors.js';

interface Props {
  error: IpcError | null;
  /** Issues not shown next to a field; defaults to all of the error's issues. */
  issues?: FieldIssue[];
  onDismiss?: () => void;
}

/** Any failed call, in words: what happened, the bank's message, issues not placed on a field, and the technical detail on demand. */
export function ErrorAlert({ error, issues, onDismiss }: Props) {
  if (!error) return null;
  const shown = issues ?? error.issues ?? [];
  return (
    <div className="alert alert-error" role="alert">
      <div className="alert-body">
        <strong className="alert-title">{errorHeadline(error)}</strong>
        <p className="alert-message">{error.message}</p>
        {shown.length > 0 && (
          <ul className="alert-issues">
            {shown.map((i, n) => (
              <li key={n}>{i.pointer && i.pointer !== '/' ? `${i.pointer}: ${i.detail}` : i.detail}</li>
            ))}
          </ul>
        )}
        {error.traceId && <p className="alert-trace">Support reference: {error.traceId}</p>}
        {error.detail && (
          // Closed by default: the sentence above is for everyone, this is for the manager (and the log has it too).
          <details className="alert-detail">
            <summary>Details for the manager</summary>
            <pre>{error.detail}</pre>
          </details>
        )}
      </div>
      {onDismiss && (
        <button type="button" className="btn btn-ghost btn-small" onClick={onDismiss}>
          Dismiss
        </button>
      )}
    </div>
  );
}
