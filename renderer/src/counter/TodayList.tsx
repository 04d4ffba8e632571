import { shortKey } from '../../../shared/domain/attempt.js';
import { ErrorAlert } from '../components/ErrorAlert.js';
import { JournalWarnings } from '../components/JournalWarnings.js';
import { useLocale } from '../hooks/useLocale.js';
import { usePoiOf } from '../hooks/usePoiOf.js';
import { attemptFlags, outcomeWords, toneOf } from '../logic/attempt-view.js';
import { clockTime, money } from '../logic/format.js';
import { newestFirst } from '../logic/journal.js';
import { useToday } from '../store/today.js';

/** The day at this register, newest first, with the authorized total. */
export function TodayList() {
  const view = useToday((s) => s.view);
  const error = useToday((s) => s.error);
  const poiOf = usePoiOf();
  const locale = useLocale();

  return (
    <section className="panel today" aria-labelledby="today-heading">
      <div className="today-head">
        <h2 id="today-heading">Today</h2>
        {view && (
          <div className="today-total">
            <span>Total authorized today</span>
            <strong>{money(view.totals.authorizedMinor, locale, view.totals.currency)}</strong>
          </div>
        )}
      </div>
      <ErrorAlert error={error} />
      {view && <JournalWarnings warnings={view.journalWarnings} />}
      {view && view.attempts.length === 0 && <p className="empty">No payments yet today.</p>}
      {view && view.attempts.length > 0 && (
        <ol className="today-list">
          {newestFirst(view.attempts).map((a) => (
            <li key={a.id} className="today-item">
              <div className="today-row">
                <span className="today-time">{clockTime(a.createdAt, locale)}</span>
                <span className="today-amount">{money(a.amountMinor, locale, a.currency)}</span>
                <span className={`badge badge-${toneOf(a.state)}`}>{outcomeWords(a)}</span>
              </div>
              <span className="today-meta">
                {/* "Ref." rather than "Key": the attempt on screen is the one place that reads "Key …". */}
                {poiOf(a.terminalId)} · Ref. <span className="mono">{shortKey(a.idempotencyKey)}</span>
              </span>
              {attemptFlags(a).map((f) => (
                <span key={f} className="today-flag">{f}</span>
              ))}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
