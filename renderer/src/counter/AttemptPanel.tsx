import { useEffect, useRef, useState } from 'react';
import type { Attempt } from '../../../shared/domain/attempt.js';
import { ErrorAlert } from '../components/ErrorAlert.js';
import { useLocale } from '../hooks/useLocale.js';
import { usePoiOf } from '../hooks/usePoiOf.js';
import { actionLabel, attemptFlags, presentAttempt, type AttemptAction } from '../logic/attempt-view.js';
import { unlessCoveredByNotice } from '../logic/connection.js';
import { money } from '../logic/format.js';
import { useApp } from '../store/app.js';
import { useCounter } from '../store/counter.js';
import { AbandonDialog } from './AbandonDialog.js';
import { ChargeAgainDialog } from './ChargeAgainDialog.js';
import { TipFacts } from './TipFacts.js';
import { Countdown } from './Countdown.js';
import { KeyDetails, useSaleRefText } from './SaleRef.js';
import { CheckedNote, useCheckAgain } from './CheckedNote.js';
import { useT } from '../i18n/useT.js';
import { ReceiptButton } from '../receipts/ReceiptButton.js';

/** The safe main action stands out; charging again is red because it can take the money twice. */
function buttonClass(action: AttemptAction, primary: AttemptAction | null): string {
  if (action === 'chargeAgain') return 'btn-danger';
  return action === primary ? 'btn-primary' : 'btn-secondary';
}

/** The attempt in progress owns the screen: what is happening, for how long, and what may be done. */
export function AttemptPanel({ attempt }: { attempt: Attempt }) {
  const t = useT();
  const locale = useLocale();
  const busy = useCounter((s) => s.busy);
  const connection = useApp((s) => s.appState?.connection);
  const error = unlessCoveredByNotice(useCounter((s) => s.error), connection);
  const poiOf = usePoiOf();
  const refText = useSaleRefText()(attempt)?.text;
  const [confirming, setConfirming] = useState<'chargeAgain' | 'abandon' | null>(null);
  const view = presentAttempt(attempt, t);
  const primaryRef = useRef<HTMLButtonElement>(null);
  const checking = useCheckAgain(attempt);

  useEffect(() => {
    // Each new state puts focus on its safe main action, so Enter does what the cashier expects.
    primaryRef.current?.focus();
  }, [attempt.state, attempt.id]);

  const confirm = (action: 'abandon' | 'chargeAgain') => {
    setConfirming(null);
    void useCounter.getState().act(action);
  };

  const run = (action: AttemptAction) => {
    if (action === 'newSale') useCounter.getState().newSale();
    else if (action === 'chargeAgain' || action === 'abandon') setConfirming(action);
    else if (action === 'checkAgain') checking.check();
    else void useCounter.getState().act(action);
  };

  return (
    <section className={`panel attempt-panel tone-${view.tone}`} aria-label={t('attempt.label')}>
      <div className="attempt-status" aria-live="polite">
        <span className={`status-icon icon-${view.tone}`} aria-hidden="true" />
        <h1 id="attempt-heading" className="attempt-heading">{view.heading}</h1>
      </div>
      {view.details.map((d) => (
        <p key={d} className={`attempt-detail ${attempt.state === 'timed_out' ? 'is-instruction' : ''}`}>{d}</p>
      ))}
      {attemptFlags(attempt, t).map((f) => (
        <p key={f} className="flag" role="alert">{f}</p>
      ))}
      <div className="attempt-amount">{money(attempt.authorizedAmountMinor ?? attempt.amountMinor, locale, attempt.currency)}</div>
      <TipFacts attempt={attempt} />
      <dl className="attempt-facts">
        <div><dt>{t('attempt.terminal')}</dt><dd>{poiOf(attempt.terminalId)}</dd></div>
        <div><dt>{t('attempt.reference')}</dt><dd className={refText ? 'sale-ref' : 'is-none'}>{refText ?? t('glance.ref.none')}</dd></div>
        {attempt.sends > 1 && <div><dt>{t('attempt.sent')}</dt><dd>{t('attempt.sentCount', { count: attempt.sends })}</dd></div>}
      </dl>
      <KeyDetails attempt={attempt} />
      {view.showCountdown && <Countdown deadlineAt={attempt.deadlineAt} />}
      <ErrorAlert error={error} />
      <CheckedNote attempt={attempt} note={checking.note} />
      {view.actions.length > 0 && (
        <div className="attempt-actions">
          {view.actions.map((action) => (
            <button
              key={action}
              ref={action === view.primary ? primaryRef : undefined}
              type="button"
              className={`btn btn-large ${buttonClass(action, view.primary)}`}
              disabled={busy || !view.actionsEnabled}
              onClick={() => run(action)}
            >
              {t(actionLabel(action, attempt.state))}
            </button>
          ))}
        </div>
      )}
      {attempt.state === 'authorized' && <div className="attempt-actions"><ReceiptButton attemptId={attempt.id} autoPrint /></div>}
      {confirming === 'abandon' && <AbandonDialog busy={busy} onCancel={() => setConfirming(null)} onConfirm={() => confirm('abandon')} />}
      {confirming === 'chargeAgain' && <ChargeAgainDialog busy={busy} onCancel={() => setConfirming(null)} onConfirm={() => confirm('chargeAgain')} />}
    </section>
  );
}
