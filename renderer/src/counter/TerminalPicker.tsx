import type { FieldIssue } from '../../../shared/result.js';
import { ErrorAlert } from '../components/ErrorAlert.js';
import { FieldError } from '../components/FieldError.js';
import { terminalLabel } from '../../../shared/validation/terminal-name.js';
import { unlessCoveredByNotice } from '../logic/connection.js';
import { useApp } from '../store/app.js';
import { useCounter } from '../store/counter.js';
import { useT } from '../i18n/useT.js';
import { say } from '../../../shared/i18n/translate.js';
import { useNow } from '../hooks/useNow.js';
import { lastUsedWords } from '../logic/last-used.js';

/** Which terminal gets the amount; the manager's default is preselected unless it disappeared. */
export function TerminalPicker({ selected, issues }: { selected: string | null; issues?: FieldIssue[] }) {
  const t = useT();
  const view = useApp((s) => s.terminals);
  const connection = useApp((s) => s.appState?.connection);
  const error = unlessCoveredByNotice(useApp((s) => s.terminalsError), connection);
  const choose = useCounter((s) => s.chooseTerminal);
  const terminals = view?.terminals ?? [];
  // "Last used 10:42" turns into "yesterday" at midnight without a reload.
  const now = useNow(60_000);
  const last = terminals.find((x) => x.id === view?.lastUsedId && x.lastUsedAt);
  return (
    <div className="field terminal-field">
      <label htmlFor="terminal-select">{t('terminal.label')}</label>
      {view?.defaultMissing && !selected && (
        <div className="alert alert-warning" role="alert">
          {t('terminal.defaultMissing')}
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
        <option value="">{terminals.length ? t('terminal.choose') : t('terminal.none')}</option>
        {terminals.map((x) => (
          <option key={x.id} value={x.id}>
            {x.lastUsedAt ? say(t, { id: 'office.terminal.option', values: { terminal: terminalLabel(x), when: lastUsedWords(x.lastUsedAt, now) } }) : terminalLabel(x)}
          </option>
        ))}
      </select>
      {last && <p className="field-hint" id="terminal-last-used">{t('office.terminal.usedLast', { terminal: terminalLabel(last), when: say(t, lastUsedWords(last.lastUsedAt, now)) })}</p>}
      {view && terminals.length === 0 && <p className="field-hint">{t('terminal.noneListed')}</p>}
      <FieldError id="terminal-error" issues={issues} />
      <ErrorAlert error={error} />
    </div>
  );
}
