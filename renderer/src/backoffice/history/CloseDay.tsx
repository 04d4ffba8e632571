import { useState } from 'react';
import type { HistoryView } from '../../../../shared/domain/day-report.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { useAction } from '../../hooks/useAction.js';
import { call } from '../../bridge.js';
import { clockTime, dateOnly, dateTime, money } from '../../logic/format.js';
import { statusWords } from '../../logic/history.js';

interface Props {
  view: HistoryView;
  day: string;
  locale: string;
  currency: string;
  onChanged: (view: HistoryView) => void;
}

/**
 * Closing one day: what still blocks it, or the name of who closes it. Once closed, anything
 * that changed since is listed and a manager accounts for it with a journaled correction.
 */
export function CloseDay({ view, day, locale, currency, onChanged }: Props) {
  const [name, setName] = useState('');
  const [note, setNote] = useState('');
  const action = useAction();
  const closing = view.closings.find((c) => c.day === day);
  const dayWords = dateOnly(`${day}T12:00:00`, locale);

  if (closing) {
    return (
      <div className="close-day" aria-label="Closing" role="group">
        <p className="close-done">Closed by <strong>{closing.by}</strong> on {dateTime(closing.at, locale)}.</p>
        {view.corrections.map((c) => (
          <p key={c.at} className="close-correction">Correction by {c.by} on {dateTime(c.at, locale)}: {c.note}</p>
        ))}
        {view.changedAfterClosing.length > 0 && (
          <form className="close-form" onSubmit={(e) => {
            e.preventDefault();
            void action.run(() => call('correctDay', { day, by: name, note }), 'Correction recorded.').then((r) => r.ok && onChanged(r.value));
          }}>
            <p role="alert" className="alert alert-warning">
              {view.changedAfterClosing.length} payment(s) changed after this day was closed. Record a correction saying why.
            </p>
            <label>Your name <input value={name} onChange={(e) => setName(e.target.value)} maxLength={60} required /></label>
            <label>What happened <input value={note} onChange={(e) => setNote(e.target.value)} maxLength={500} required /></label>
            <button type="submit" className="btn btn-secondary" disabled={action.busy}>Record correction</button>
          </form>
        )}
        <ErrorAlert error={action.error} onDismiss={action.dismissError} />
      </div>
    );
  }

  if (view.closeBlockers.length > 0) {
    return (
      <div className="close-day" aria-label="Closing" role="group">
        <p><strong>{dayWords} cannot be closed yet.</strong> Settle these payments first:</p>
        <ul className="close-blockers">
          {view.closeBlockers.map((r) => (
            <li key={r.attemptId}>
              {clockTime(r.createdAt, locale)} · {money(r.amountMinor, locale, currency)} · {statusWords(r)}
              {r.openDuplicate ? ' · possible duplicate: settle it in Possible duplicates' : r.status === 'no_answer' ? ' · still being watched for a late answer' : ' · still in progress at the counter'}
            </li>
          ))}
        </ul>
      </div>
    );
  }

  return (
    <div className="close-day" aria-label="Closing" role="group">
      <p>Every payment of {dayWords} is settled. Closing records the totals below and who closed the day.</p>
      <form className="close-form" onSubmit={(e) => {
        e.preventDefault();
        void action.run(() => call('closeDay', { day, closedBy: name }), `${dayWords} is closed.`).then((r) => r.ok && onChanged(r.value));
      }}>
        <label>Closed by <input value={name} onChange={(e) => setName(e.target.value)} maxLength={60} required placeholder="Your name" /></label>
        <button type="submit" className="btn btn-primary" disabled={action.busy || name.trim() === ''}>Close {dayWords}</button>
      </form>
      <ErrorAlert error={action.error} onDismiss={action.dismissError} />
      {action.done && <p className="done" role="status">{action.done}</p>}
    </div>
  );
}
