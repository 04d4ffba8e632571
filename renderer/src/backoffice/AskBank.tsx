import { useState } from 'react';
import { shortKey, type Attempt } from '../../../shared/domain/attempt.js';
import { commandsAllowed } from '../../../shared/domain/attempt-commands.js';
import { DEFAULT_POLICY } from '../../../shared/domain/attempt-policy.js';
import type { MessageId } from '../../../shared/i18n/catalogs/en.js';
import { call } from '../bridge.js';
import { ErrorAlert } from '../components/ErrorAlert.js';
import { useAction } from '../hooks/useAction.js';
import { useLocale } from '../hooks/useLocale.js';
import { usePoiOf } from '../hooks/usePoiOf.js';
import { useT } from '../i18n/useT.js';
import { dateTime, money } from '../logic/format.js';

const ANSWERS: Record<NonNullable<Attempt['bankAsked']>['answer'], MessageId> = {
  pending: 'askBank.answer.pending',
  original: 'askBank.answer.original',
  new_prompt: 'askBank.answer.new_prompt',
  failed: 'askBank.answer.failed',
};

/** The bank forgets a payment's key after this long; asking then would only make a new prompt. */
const ASK_WINDOW_MINUTES = Math.round(DEFAULT_POLICY.idempotencyKeyTtlMs / 60_000);

/**
 * Asking resends the payment's own key: the bank answers with the first payment if it
 * made it. If it did not, a new prompt appears on the terminal, so the manager must be
 * standing there to cancel it before the next customer could pay it.
 */
export function AskBank({ attempt: a }: { attempt: Attempt }) {
  const t = useT();
  const locale = useLocale();
  const poiOf = usePoiOf();
  const action = useAction();
  const [atTerminal, setAtTerminal] = useState(false);
  const allowed = commandsAllowed(a).includes('askBank');
  const amount = money(a.amountMinor, locale, a.currency);
  return (
    <li className="duplicate-item" aria-label={t('askBank.item.label', { amount })}>
      <p className="duplicate-title">
        <strong>{amount}</strong> {t('duplicates.item.where', { terminal: poiOf(a.terminalId), time: dateTime(a.createdAt, locale) })}
        {' · '}{t('today.ref')} <span className="mono">{shortKey(a.idempotencyKey)}</span>
      </p>
      {a.bankAsked && <p role="status">{t(ANSWERS[a.bankAsked.answer])}</p>}
      {allowed && (
        <div className="resolution">
          <label className="check-row">
            <input type="checkbox" checked={atTerminal} onChange={(e) => setAtTerminal(e.target.checked)} />
            {t('askBank.atTerminal', { terminal: poiOf(a.terminalId) })}
          </label>
          <button type="button" className="btn btn-secondary" disabled={!atTerminal || action.busy} onClick={() => void action.run(() => call('askBank', { attemptId: a.id }))}>
            {t('askBank.ask')}
          </button>
          <p className="muted">{t('askBank.window', { minutes: ASK_WINDOW_MINUTES })}</p>
        </div>
      )}
      <ErrorAlert error={action.error} />
    </li>
  );
}
