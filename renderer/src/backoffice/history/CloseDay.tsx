import { useState } from 'react';
import { useManagerBy } from '../../store/manager.js';
import type { HistoryView } from '../../../../shared/domain/day-report.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { useAction } from '../../hooks/useAction.js';
import { useT } from '../../i18n/useT.js';
import { call } from '../../bridge.js';
import { clockTime, dateOnly, dateTime, money } from '../../logic/format.js';
import { statusWords } from '../../logic/history.js';
import { closedJustNow } from './first-print.js';
import { ClosingNumber } from './ZClosingFacts.js';

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
  const t = useT();
  const [name, setName] = useState('');
  const [note, setNote] = useState('');
  const action = useAction();
  const me = useManagerBy();
  const closing = view.closings.find((c) => c.day === day);
  const dayWords = dateOnly(`${day}T12:00:00`, locale);

  if (closing) {
    return (
      <div className="close-day" aria-label={t('history.close.label')} role="group">
        <p className="close-done">{t('history.close.done', { name: closing.by, when: dateTime(closing.at, locale) })}</p>
        <ClosingNumber closing={closing} locale={locale} currency={currency} />
        {view.corrections.map((c) => (
          <p key={c.at} className="close-correction">{t('history.close.correction', { name: c.by, when: dateTime(c.at, locale), note: c.note })}</p>
        ))}
        {view.changedAfterClosing.length > 0 && (
          <form className="close-form" onSubmit={(e) => {
            e.preventDefault();
            void action.run(() => call('correctDay', me ? { day, note } : { day, by: name, note }), t('history.close.correctionDone')).then((r) => r.ok && onChanged(r.value));
          }}>
            <p role="alert" className="alert alert-warning">{t('history.close.changed', { count: view.changedAfterClosing.length })}</p>
            {!me && <label>{t('history.close.yourName')} <input value={name} onChange={(e) => setName(e.target.value)} maxLength={60} required /></label>}
            <label>{t('history.close.whatHappened')} <input value={note} onChange={(e) => setNote(e.target.value)} maxLength={500} required /></label>
            <button type="submit" className="btn btn-secondary" disabled={action.busy}>{t('history.close.recordCorrection')}</button>
          </form>
        )}
        <ErrorAlert error={action.error} onDismiss={action.dismissError} />
      </div>
    );
  }

  if (view.closeBlockers.length > 0) {
    return (
      <div className="close-day" aria-label={t('history.close.label')} role="group">
        <p><strong>{t('history.close.cannotYet', { day: dayWords })}</strong> {t('history.close.settleFirst')}</p>
        <ul className="close-blockers">
          {view.closeBlockers.map((r) => (
            <li key={r.attemptId}>
              {[
                clockTime(r.createdAt, locale), money(r.amountMinor, locale, currency), statusWords(t, r),
                t(r.openDuplicate ? 'history.close.blocker.duplicate' : r.status === 'no_answer' ? 'history.close.blocker.watched' : 'history.close.blocker.open'),
              ].join(' · ')}
            </li>
          ))}
        </ul>
      </div>
    );
  }

  return (
    <div className="close-day" aria-label={t('history.close.label')} role="group">
      <p>{t('history.close.ready', { day: dayWords })}</p>
      <form className="close-form" onSubmit={(e) => {
        e.preventDefault();
        void action.run(() => call('closeDay', me ? { day } : { day, closedBy: name }), t('history.close.closed', { day: dayWords })).then((r) => {
          if (!r.ok) return;
          // The Z report printed now is the first print; any later one says "reprint".
          closedJustNow(r.value.closings.find((c) => c.day === day)?.seq);
          onChanged(r.value);
        });
      }}>
        {!me && <label>{t('history.close.closedBy')} <input value={name} onChange={(e) => setName(e.target.value)} maxLength={60} required placeholder={t('history.close.yourName')} /></label>}
        <button type="submit" className="btn btn-primary" disabled={action.busy || (!me && name.trim() === '')}>{t('history.close.button', { day: dayWords })}</button>
      </form>
      <ErrorAlert error={action.error} onDismiss={action.dismissError} />
      {action.done && <p className="done" role="status">{action.done}</p>}
    </div>
  );
}
