import { useState } from 'react';
import { localDay } from '../../../shared/domain/calendar-day.js';
import { ShiftDialog } from '../shifts/ShiftDialog.js';
import { RefundReceiptButton } from '../receipts/ReceiptButton.js';
import { ErrorAlert } from '../components/ErrorAlert.js';
import { JournalWarnings } from '../components/JournalWarnings.js';
import { useLocale } from '../hooks/useLocale.js';
import { usePoiOf } from '../hooks/usePoiOf.js';
import { attemptFlags, outcomeWords, toneOf } from '../logic/attempt-view.js';
import { clockTime, dateTime, money } from '../logic/format.js';
import { dayList, shownDay, useAttempts } from '../store/attempts.js';
import { TipFacts } from './TipFacts.js';
import { KeyDetails, useSaleRefText } from './SaleRef.js';
import { useT } from '../i18n/useT.js';
import { useStaff } from '../store/staff.js';

/** The day at this register, newest first, with the authorized total; earlier days' open items show their date. */
export function TodayList() {
  const byId = useAttempts((s) => s.byId);
  const totals = useAttempts((s) => s.totals);
  const marks = useAttempts((s) => s.marks);
  const loaded = useAttempts((s) => s.loaded);
  const warnings = useAttempts((s) => s.journalWarnings);
  const error = useAttempts((s) => s.error);
  const poiOf = usePoiOf();
  const refOf = useSaleRefText();
  const t = useT();
  const locale = useLocale();
  const view = { byId, totals };
  const day = shownDay(view);
  const attempts = dayList(view);
  const [shiftOpen, setShiftOpen] = useState(false);
  // With cashiers on the list, "My shift" is the signed-in person's: nobody there, nothing to show.
  const ownShift = useStaff((s) => !s.view?.asksWho || s.view.signedIn !== null);

  return (
    <section className="panel today" aria-labelledby="today-heading">
      <div className="today-head">
        <h2 id="today-heading">{t('today.title')}</h2>
        {ownShift && <button type="button" className="btn btn-secondary btn-small" onClick={() => setShiftOpen(true)}>{t('shift.open')}</button>}
        {totals && (
          <div className="today-total">
            <span>{t('today.total')}</span>
            <strong>{money(totals.authorized.authorizedMinor, locale, totals.currency)}</strong>
            {totals.authorized.tipMinor > 0 && <span className="today-total-part">{t('today.tips', { amount: money(totals.authorized.tipMinor, locale, totals.currency) })}</span>}
            {totals.openDuplicates.count > 0 && (
              <span className="today-total-part is-warning">
                {t('today.duplicates', { count: totals.openDuplicates.count, amount: money(totals.openDuplicates.authorizedMinor, locale, totals.currency) })}
              </span>
            )}
            {totals.refundedMinor > 0 && (
              <span className="today-total-part">
                {t('today.net', { refunded: money(totals.refundedMinor, locale, totals.currency), net: money(totals.netMinor, locale, totals.currency) })}
              </span>
            )}
          </div>
        )}
      </div>
      <ErrorAlert error={error} />
      <JournalWarnings warnings={warnings} />
      {loaded && attempts.length === 0 && <p className="empty">{t('today.empty')}</p>}
      {attempts.length > 0 && (
        <ol className="today-list">
          {attempts.map((a) => { const ref = refOf(a); return (
            <li key={a.id} className="today-item">
              <div className="today-row">
                <span className="today-time">{localDay(a.createdAt) === day ? clockTime(a.createdAt, locale) : dateTime(a.createdAt, locale)}</span>
                <span className="today-amount">{money(a.authorizedAmountMinor ?? a.amountMinor, locale, a.currency)}</span>
                {/* Settled by hand: the terminal's word is the outcome, so the badge says it instead of "no answer". */}
                {marks[a.id]?.settled
                  ? <span className={`badge badge-${toneOf(marks[a.id]?.settled === 'paid' ? 'authorized' : 'refused')}`}>{t(marks[a.id]?.settled === 'paid' ? 'settle.paid' : 'settle.notPaid')}</span>
                  : <span className={`badge badge-${toneOf(a.state)}`}>{outcomeWords(a, t)}</span>}
              </div>
              <span className="today-meta">
                {poiOf(a.terminalId)}
                {ref && <> · {ref.startsWithLabel ? null : `${t('today.ref')} `}<span className="sale-ref">{ref.text}</span></>}
              </span>
              <TipFacts attempt={a} compact />
              {attemptFlags(a, t).map((f) => (
                <span key={f} className="today-flag">{f}</span>
              ))}
              {(marks[a.id]?.refundedMinor ?? 0) > 0 && <span className="today-flag">{t('refund.refunded', { amount: money(marks[a.id]?.refundedMinor ?? 0, locale, a.currency) })}</span>}
              {marks[a.id]?.refundIds?.map((refundId) => (
                <RefundReceiptButton key={refundId} refundId={refundId} saleDay={localDay(a.createdAt)} label={money(a.authorizedAmountMinor ?? a.amountMinor, locale, a.currency)} className="btn btn-secondary btn-small" />
              ))}
              <KeyDetails attempt={a} compact />
            </li>
          ); })}
        </ol>
      )}
      {shiftOpen && <ShiftDialog onClose={() => setShiftOpen(false)} />}
    </section>
  );
}
