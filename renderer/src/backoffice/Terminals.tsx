import { useEffect, useState } from 'react';
import type { TerminalView } from '../../../shared/ipc/types.js';
import { TERMINAL_NAME_MAX, terminalLabel } from '../../../shared/validation/terminal-name.js';
import { call } from '../bridge.js';
import { SectionIfAllowed } from '../components/Unavailable.js';
import { ErrorAlert } from '../components/ErrorAlert.js';
import { useAction } from '../hooks/useAction.js';
import { useLocale } from '../hooks/useLocale.js';
import { dateTime } from '../logic/format.js';
import { say } from '../../../shared/i18n/translate.js';
import { useT } from '../i18n/useT.js';
import { lastUsedWords } from '../logic/last-used.js';
import { useNow } from '../hooks/useNow.js';
import { useApp } from '../store/app.js';
import { RefreshButton, SectionHead } from '../components/SectionHead.js';

/**
 * The shop's terminals: the name a manager gives each one (shown with the
 * serial on every screen, the counter's included), which one the counter
 * preselects, and which was used last. Names and last uses are shop-wide.
 */
export function Terminals() {
  const t = useT();
  return (
    <SectionIfAllowed action="viewTerminals" headingId="terminals-heading" title={t('office.terminals.title')}>
      <TerminalList />
    </SectionIfAllowed>
  );
}

function TerminalList() {
  const t = useT();
  const now = useNow(60_000);
  const view = useApp((s) => s.terminals);
  const loadError = useApp((s) => s.terminalsError);
  const action = useAction();
  const locale = useLocale();
  // Last uses change with every sale: read them fresh when the manager opens the screen.
  useEffect(() => {
    void useApp.getState().loadTerminals();
  }, []);

  const save = async (terminalId: string) => {
    const res = await action.run(() => call('setDefaultTerminal', { terminalId }), t('office.terminals.defaultSaved'));
    if (res.ok) useApp.getState().setTerminals(res.value);
  };
  const rename = async (terminal: TerminalView, name: string) => {
    const res = await action.run(() => call('setTerminalName', { terminalId: terminal.id, name }),
      name.trim() ? t('office.terminals.named', { name: name.trim() }) : t('office.terminals.nameRemoved'));
    if (res.ok) useApp.getState().setTerminals(res.value);
    return res.ok;
  };
  const last = view?.terminals.find((t) => t.id === view.lastUsedId);

  return (
    <section className="bo-section" aria-labelledby="terminals-heading">
      <SectionHead id="terminals-heading" title={t('office.terminals.title')}>
        <RefreshButton label={t('office.terminals.refresh')} onClick={() => void useApp.getState().loadTerminals()} />
      </SectionHead>
      <p className="muted">{t('office.terminals.intro')}</p>
      {last?.lastUsedAt && (
        <p className="last-used" role="note">{t('office.terminals.lastUsed', { terminal: terminalLabel(last), when: say(t, lastUsedWords(last.lastUsedAt, now)) })}</p>
      )}
      {view?.defaultMissing && (
        <div className="alert alert-warning" role="alert">{t('office.terminals.defaultMissing')}</div>
      )}
      {action.done && <div className="alert alert-success" role="status">{action.done}</div>}
      <ErrorAlert error={action.error ?? loadError} />
      {view && view.terminals.length === 0 && <p className="empty">{t('office.terminals.none')}</p>}
      {view && view.terminals.length > 0 && (
        <table className="table terminal-table">
          <thead>
            <tr>
              <th>{t('office.terminals.col.name')}</th><th>{t('office.terminals.col.serial')}</th><th>{t('office.terminals.col.lastUsed')}</th>
              <th><span className="visually-hidden">{t('office.terminals.default')}</span></th>
            </tr>
          </thead>
          <tbody>
            {view.terminals.map((term) => {
              const isDefault = term.id === view.defaultTerminalId && !view.defaultMissing;
              return (
                <tr key={term.id} className={isDefault ? 'is-default' : undefined}>
                  <td><NameForm terminal={term} busy={action.busy} onSave={(name) => rename(term, name)} /></td>
                  <td className="terminal-poi mono" id={`poi-${term.id}`}>{term.poiId}</td>
                  <td className="muted">{term.lastUsedAt ? dateTime(term.lastUsedAt, locale) : t('office.terminals.notUsed')}</td>
                  <td className="num">
                    {isDefault ? (
                      <span className="badge badge-success">{t('office.terminals.default')}</span>
                    ) : (
                      <button type="button" className="btn btn-primary btn-small" aria-label={t('office.terminals.setDefaultOf', { terminal: terminalLabel(term) })}
                        disabled={action.busy} onClick={() => void save(term.id)}>
                        {t('office.terminals.setDefault')}
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
  const t = useT();
  const [name, setName] = useState(terminal.name ?? '');
  useEffect(() => setName(terminal.name ?? ''), [terminal.name]);
  const changed = name.trim() !== (terminal.name ?? '');
  // Never cut silently (a pasted 47-character name would lose its end unseen): the limit is said instead.
  const length = [...name.trim().replace(/\s+/g, ' ')].length;
  const tooLong = length > TERMINAL_NAME_MAX;
  const hintId = `name-limit-${terminal.id}`;
  return (
    <form className="terminal-name-form" onSubmit={(e) => { e.preventDefault(); if (changed && !tooLong) void onSave(name); }}>
      <label className="visually-hidden" htmlFor={`name-${terminal.id}`}>{t('office.terminals.nameOf', { serial: terminal.poiId })}</label>
      <input id={`name-${terminal.id}`} value={name} placeholder={t('office.terminals.namePlaceholder')}
        aria-invalid={tooLong || undefined} aria-describedby={tooLong ? hintId : undefined} onChange={(e) => setName(e.target.value)} />
      <button type="submit" className="btn btn-secondary btn-small" disabled={busy || !changed || tooLong}>{t('office.terminals.saveName')}</button>
      {tooLong && <p className="field-error" id={hintId} role="alert">{t('glance.terminal.nameTooLong', { count: length, max: TERMINAL_NAME_MAX })}</p>}
    </form>
  );
}
