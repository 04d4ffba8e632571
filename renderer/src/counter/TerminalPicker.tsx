import { useMemo } from 'react';
import type { FieldIssue } from '../../../shared/result.js';
import { ErrorAlert } from '../components/ErrorAlert.js';
import { FieldError } from '../components/FieldError.js';
import { terminalLabel } from '../../../shared/validation/terminal-name.js';
import { unlessCoveredByNotice } from '../logic/connection.js';
import { chargeWords, stateWords, terminalState, type TerminalState } from '../logic/terminal-state.js';
import { useApp } from '../store/app.js';
import { useAttempts } from '../store/attempts.js';
import { useCounter } from '../store/counter.js';
import { useT } from '../i18n/useT.js';
import { say, type Translate } from '../../../shared/i18n/translate.js';
import type { TerminalView } from '../../../shared/ipc/types.js';
import { useNow } from '../hooks/useNow.js';
import { useTerminalLeases } from '../hooks/useTerminalLeases.js';
import { lastUsedWords } from '../logic/last-used.js';
import { TERMINAL_KEY, useTerminalKey } from './useTerminalKey.js';

const SELECT_ID = 'terminal-select';

/** A ready terminal reads as before (with its last use); any other state is said in the option itself. */
function optionText(t: Translate, x: TerminalView, state: TerminalState, now: number): string {
  const terminal = terminalLabel(x);
  if (state.kind !== 'ready') return say(t, { id: 'glance.terminal.option', values: { terminal, state: stateWords(state, now) } });
  return x.lastUsedAt ? say(t, { id: 'office.terminal.option', values: { terminal, when: lastUsedWords(x.lastUsedAt, now) } }) : terminal;
}

/**
 * Which terminal gets the amount; the manager's default is preselected unless it disappeared.
 * Each terminal says its state before Charge, and the chosen one is written out in full below
 * the list (a select cuts its own text), with what Charge will do when it is not simply ready.
 */
export function TerminalPicker({ selected, issues }: { selected: string | null; issues?: FieldIssue[] }) {
  const t = useT();
  const view = useApp((s) => s.terminals);
  const connection = useApp((s) => s.appState?.connection);
  const error = unlessCoveredByNotice(useApp((s) => s.terminalsError), connection);
  const choose = useCounter((s) => s.chooseTerminal);
  const byId = useAttempts((s) => s.byId);
  const heldElsewhere = useTerminalLeases();
  const terminals = useMemo(() => view?.terminals ?? [], [view]);
  // "Last used 10:42" turns into "yesterday" at midnight without a reload.
  const now = useNow(60_000);
  useTerminalKey(SELECT_ID);
  const states = useMemo(() => {
    const attempts = Object.values(byId).map((c) => c.attempt);
    return new Map(terminals.map((x) => [x.id, terminalState(x.id, attempts, heldElsewhere)]));
  }, [byId, terminals, heldElsewhere]);
  const last = terminals.find((x) => x.id === view?.lastUsedId && x.lastUsedAt);
  const chosen = terminals.find((x) => x.id === selected);
  const chosenState = chosen ? states.get(chosen.id) : undefined;
  const next = chosenState ? chargeWords(chosenState) : null;
  return (
    <div className="field terminal-field">
      <label htmlFor={SELECT_ID} className="terminal-label">
        {t('terminal.label')}
        <kbd className="shortcut" title={t('glance.terminal.shortcut')} aria-hidden="true">{TERMINAL_KEY}</kbd>
      </label>
      {view?.defaultMissing && !selected && (
        <div className="alert alert-warning" role="alert">
          {t('terminal.defaultMissing')}
        </div>
      )}
      <select
        id={SELECT_ID}
        className="big-select"
        value={selected ?? ''}
        aria-keyshortcuts={TERMINAL_KEY}
        aria-invalid={(issues?.length ?? 0) > 0 || undefined}
        aria-describedby={[chosen ? 'terminal-chosen' : '', issues?.length ? 'terminal-error' : ''].filter(Boolean).join(' ') || undefined}
        onChange={(e) => choose(e.target.value || null)}
      >
        <option value="">{terminals.length ? t('terminal.choose') : t('terminal.none')}</option>
        {terminals.map((x) => (
          <option key={x.id} value={x.id}>{optionText(t, x, states.get(x.id) ?? { kind: 'ready' }, now)}</option>
        ))}
      </select>
      {chosen && chosenState && (
        <div id="terminal-chosen" className={`terminal-chosen is-${chosenState.kind}`} aria-live="polite">
          <span className="terminal-chosen-name">{terminalLabel(chosen)}</span>
          <span className="terminal-chosen-state">{say(t, stateWords(chosenState, now))}</span>
          {next && <p className="terminal-chosen-next">{say(t, next)}</p>}
        </div>
      )}
      {last && <p className="field-hint" id="terminal-last-used">{t('office.terminal.usedLast', { terminal: terminalLabel(last), when: say(t, lastUsedWords(last.lastUsedAt, now)) })}</p>}
      {view && terminals.length === 0 && <p className="field-hint">{t('terminal.noneListed')}</p>}
      <FieldError id="terminal-error" issues={issues} />
      <ErrorAlert error={error} />
    </div>
  );
}
