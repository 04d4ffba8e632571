import { useEffect } from 'react';
import { ErrorAlert } from '../components/ErrorAlert.js';
import { JournalWarnings } from '../components/JournalWarnings.js';
import { useLocale } from '../hooks/useLocale.js';
import { usePoiOf } from '../hooks/usePoiOf.js';
import { money } from '../logic/format.js';
import { newestFirst } from '../logic/journal.js';
import { useToday } from '../store/today.js';
import { JournalEntry } from './JournalEntry.js';
import { RefreshButton, SectionHead } from '../components/SectionHead.js';

/** Today's attempts with every detail: full keys, sends, errors, links between retries, flags. */
export function PaymentJournal() {
  const view = useToday((s) => s.view);
  const error = useToday((s) => s.error);
  const poiOf = usePoiOf();
  const locale = useLocale();

  useEffect(() => {
    void useToday.getState().load();
  }, []);

  return (
    <section className="bo-section" aria-labelledby="journal-heading">
      <SectionHead id="journal-heading" title="Payment journal">
        <RefreshButton onClick={() => void useToday.getState().load()} />
      </SectionHead>
      <ErrorAlert error={error} />
      {view && (
        <p className="journal-summary">
          {view.attempts.length} {view.attempts.length === 1 ? 'attempt' : 'attempts'} today · Total authorized today{' '}
          <strong>{money(view.totals.authorizedMinor, locale, view.totals.currency)}</strong>
        </p>
      )}
      {view && <JournalWarnings warnings={view.journalWarnings} />}
      {view && view.attempts.length === 0 && <p className="empty">No payments yet today.</p>}
      <ol className="journal-list">
        {view && newestFirst(view.attempts).map((a) => (
          <JournalEntry key={a.id} attempt={a} all={view.attempts} locale={locale} poiOf={poiOf} />
        ))}
      </ol>
    </section>
  );
}
