import { call } from '../bridge.js';
import { ErrorAlert } from '../components/ErrorAlert.js';
import { useAction } from '../hooks/useAction.js';
import { useApp } from '../store/app.js';
import { RefreshButton, SectionHead } from '../components/SectionHead.js';

/** The terminal the counter preselects. Saved in the main process, so every screen and restart agrees. */
export function DefaultTerminal() {
  const view = useApp((s) => s.terminals);
  const loadError = useApp((s) => s.terminalsError);
  const action = useAction();

  const save = async (terminalId: string) => {
    const res = await action.run(() => call('setDefaultTerminal', { terminalId }), 'Default terminal saved');
    if (res.ok) useApp.getState().setTerminals(res.value);
  };

  return (
    <section className="bo-section" aria-labelledby="default-terminal-heading">
      <SectionHead id="default-terminal-heading" title="Default terminal">
        <RefreshButton label="Refresh list" onClick={() => void useApp.getState().loadTerminals()} />
      </SectionHead>
      <p className="muted">The counter preselects this terminal for every sale.</p>
      {view?.defaultMissing && (
        <div className="alert alert-warning" role="alert">The saved default terminal is no longer listed by the bank. Choose another one.</div>
      )}
      {action.done && <div className="alert alert-success" role="status">{action.done}</div>}
      <ErrorAlert error={action.error ?? loadError} />
      {view && view.terminals.length === 0 && <p className="empty">The bank lists no terminal for this organization.</p>}
      {view && view.terminals.length > 0 && (
        <table className="table terminal-table">
          <thead>
            <tr><th>Terminal</th><th>Bank id</th><th><span className="visually-hidden">Default</span></th></tr>
          </thead>
          <tbody>
            {view.terminals.map((t) => {
              const isDefault = t.id === view.defaultTerminalId && !view.defaultMissing;
              return (
                <tr key={t.id} className={isDefault ? 'is-default' : undefined}>
                  <td className="terminal-poi" id={`poi-${t.id}`}>{t.poiId}</td>
                  <td className="muted mono small">{t.id}</td>
                  <td className="num">
                    {isDefault ? (
                      <span className="badge badge-success">Default</span>
                    ) : (
                      <button type="button" className="btn btn-primary btn-small" aria-label={`Set ${t.poiId} as default`} disabled={action.busy} onClick={() => void save(t.id)}>
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
