import { useEffect, useState } from 'react';
import type { TerminalView } from '../../../shared/ipc/types.js';
import { TERMINAL_NAME_MAX, terminalLabel } from '../../../shared/validation/terminal-name.js';
import { availability } from '../../../shared/domain/access.js';
import { call } from '../bridge.js';
import { SectionIfAllowed } from '../components/Unavailable.js';
import { useAccess } from '../hooks/useAccess.js';
import { ErrorAlert } from '../components/ErrorAlert.js';
import { useAction } from '../hooks/useAction.js';
import { useLocale } from '../hooks/useLocale.js';
import { dateTime } from '../logic/format.js';
import { useApp } from '../store/app.js';
import { RefreshButton, SectionHead } from '../components/SectionHead.js';

/**
 * The shop's terminals: the name a manager gives each one (shown with the
 * serial on every screen, the counter's included), which one the counter
 * preselects, and which was used last. Names and last uses are shop-wide.
 */
export function Terminals() {
  const access = useAccess();
  return (
    <SectionIfAllowed can={access && availability('viewTerminals', access)} headingId="terminals-heading" title="Terminals">
      <TerminalList />
    </SectionIfAllowed>
  );
}

function TerminalList() {
  const view = useApp((s) => s.terminals);
  const loadError = useApp((s) => s.terminalsError);
  const action = useAction();
  const locale = useLocale();
  // Last uses change with every sale: read them fresh when the manager opens the screen.
  useEffect(() => {
    void useApp.getState().loadTerminals();
  }, []);

  const save = async (terminalId: string) => {
    const res = await action.run(() => call('setDefaultTerminal', { terminalId }), 'Default terminal saved');
    if (res.ok) useApp.getState().setTerminals(res.value);
  };
  const rename = async (t: TerminalView, name: string) => {
    const res = await action.run(() => call('setTerminalName', { terminalId: t.id, name }), name.trim() ? `Terminal named "${name.trim()}"` : 'Name removed');
    if (res.ok) useApp.getState().setTerminals(res.value);
    return res.ok;
  };
  const last = view?.terminals.find((t) => t.id === view.lastUsedId);

  return (
    <section className="bo-section" aria-labelledby="terminals-heading">
      <SectionHead id="terminals-heading" title="Terminals">
        <RefreshButton label="Refresh list" onClick={() => void useApp.getState().loadTerminals()} />
      </SectionHead>
      <p className="muted">Give each terminal a name the whole shop will see, and choose the one the counter preselects.</p>
      {last?.lastUsedAt && (
        <p className="last-used" role="note">Last used: <strong>{terminalLabel(last)}</strong>, {dateTime(last.lastUsedAt, locale)}</p>
      )}
      {view?.defaultMissing && (
        <div className="alert alert-warning" role="alert">The saved default terminal is no longer listed by the bank. Choose another one.</div>
      )}
      {action.done && <div className="alert alert-success" role="status">{action.done}</div>}
      <ErrorAlert error={action.error ?? loadError} />
      {view && view.terminals.length === 0 && <p className="empty">The bank lists no terminal for this organization.</p>}
      {view && view.terminals.length > 0 && (
        <table className="table terminal-table">
          <thead>
            <tr><th>Name</th><th>Serial</th><th>Last used</th><th><span className="visually-hidden">Default</span></th></tr>
          </thead>
          <tbody>
            {view.terminals.map((t) => {
              const isDefault = t.id === view.defaultTerminalId && !view.defaultMissing;
              return (
                <tr key={t.id} className={isDefault ? 'is-default' : undefined}>
                  <td><NameForm terminal={t} busy={action.busy} onSave={(name) => rename(t, name)} /></td>
                  <td className="terminal-poi mono" id={`poi-${t.id}`}>{t.poiId}</td>
                  <td className="muted">{t.lastUsedAt ? dateTime(t.lastUsedAt, locale) : 'Not used yet'}</td>
                  <td className="num">
                    {isDefault ? (
                      <span className="badge badge-success">Default</span>
                    ) : (
                      <button type="button" className="btn btn-primary btn-small" aria-label={`Set ${terminalLabel(t)} as default`} disabled={action.busy} onClick={() => void save(t.id)}>
                        Set as default
                      </button>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}

function NameForm({ terminal, busy, onSave }: { terminal: TerminalView; busy: boolean; onSave: (name: string) => Promise<boolean> }) {
  const [name, setName] = useState(terminal.name ?? '');
  useEffect(() => setName(terminal.name ?? ''), [terminal.name]);
  const changed = name.trim() !== (terminal.name ?? '');
  return (
    <form className="terminal-name-form" onSubmit={(e) => { e.preventDefault(); if (changed) void onSave(name); }}>
      <label className="visually-hidden" htmlFor={`name-${terminal.id}`}>Name of terminal {terminal.poiId}</label>
      <input id={`name-${terminal.id}`} value={name} maxLength={TERMINAL_NAME_MAX} placeholder="e.g. Counter, Terrace"
        onChange={(e) => setName(e.target.value)} />
      <button type="submit" className="btn btn-secondary btn-small" disabled={busy || !changed}>Save name</button>
    </form>
  );
}
