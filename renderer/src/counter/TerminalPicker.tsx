import type { FieldIssue } from '../../../shared/result.js';
import { ErrorAlert } from '../components/ErrorAlert.js';
import { FieldError } from '../components/FieldError.js';
import { terminalLabel } from '../../../shared/validation/terminal-name.js';
import { unlessCoveredByNotice } from '../logic/connection.js';
import { useApp } from '../store/app.js';
import { useCounter } from '../store/counter.js';

/** Which terminal gets the amount; the manager's default is preselected unless it disappeared. */
export function TerminalPicker({ selected, issues }: { selected: string | null; issues?: FieldIssue[] }) {
  const view = useApp((s) => s.terminals);
  const connection = useApp((s) => s.appState?.connection);
  const error = unlessCoveredByNotice(useApp((s) => s.terminalsError), connection);
  const choose = useCounter((s) => s.chooseTerminal);
  const terminals = view?.terminals ?? [];
  return (
    <div className="field terminal-field">
      <label htmlFor="terminal-select">Terminal</label>
      {view?.defaultMissing && !selected && (
        <div className="alert alert-warning" role="alert">
          Your default terminal is no longer available. Pick a terminal.
        </div>
      )}
      <select
        id="terminal-select"
        className="big-select"
        value={selected ?? ''}
        aria-invalid={(issues?.length ?? 0) > 0 || undefined}
        aria-describedby={issues?.length ? 'terminal-error' : undefined}
        onChange={(e) => choose(e.target.value || null)}
      >
        <option value="">{terminals.length ? 'Choose a terminal…' : 'No terminal available'}</option>
        {terminals.map((t) => (
          <option key={t.id} value={t.id}>
            {terminalLabel(t)}
          </option>
        ))}
      </select>
      {view && terminals.length === 0 && <p className="field-hint">The bank lists no terminal for this organization.</p>}
      <FieldError id="terminal-error" issues={issues} />
      <ErrorAlert error={error} />
    </div>
  );
}
