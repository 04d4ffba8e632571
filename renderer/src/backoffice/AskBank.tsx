import { useState } from 'react';
import { shortKey, type Attempt } from '../../../shared/domain/attempt.js';
import { commandsAllowed } from '../../../shared/domain/attempt-commands.js';
import { call } from '../bridge.js';
import { ErrorAlert } from '../components/ErrorAlert.js';
import { useAction } from '../hooks/useAction.js';
import { useLocale } from '../hooks/useLocale.js';
import { usePoiOf } from '../hooks/usePoiOf.js';
import { dateTime, money } from '../logic/format.js';

const ANSWERS = {
  pending: 'Asking the bank…',
  original: 'The bank had the payment: its outcome is being read and will show in Today.',
  new_prompt: 'The first request never reached the bank, so the customer was not charged by it. A new prompt is now on the terminal: cancel it there, unless the customer is paying it now.',
  failed: 'The bank could not be asked. Try again in a moment.',
} as const;

/**
 * Asking resends the payment's own key: the bank answers with the first payment if it
 * made it. If it did not, a new prompt appears on the terminal, so the manager must be
 * standing there to cancel it before the next customer could pay it.
 */
export function AskBank({ attempt: a }: { attempt: Attempt }) {
  const locale = useLocale();
  const poiOf = usePoiOf();
  const action = useAction();
  const [atTerminal, setAtTerminal] = useState(false);
  const allowed = commandsAllowed(a).includes('askBank');
  return (
    <li className="duplicate-item" aria-label={`No answer ${money(a.amountMinor, locale, a.currency)}`}>
      <p className="duplicate-title"><strong>{money(a.amountMinor, locale, a.currency)}</strong> on {poiOf(a.terminalId)} · {dateTime(a.createdAt, locale)} · Ref. <span className="mono">{shortKey(a.idempotencyKey)}</span></p>
      {a.bankAsked && <p role="status">{ANSWERS[a.bankAsked.answer]}</p>}
      {allowed && (
        <div className="resolution">
          <label className="check-row">
            <input type="checkbox" checked={atTerminal} onChange={(e) => setAtTerminal(e.target.checked)} />
            I am at {poiOf(a.terminalId)} and can cancel a payment prompt on it
          </label>
          <button type="button" className="btn btn-secondary" disabled={!atTerminal || action.busy} onClick={() => void action.run(() => call('askBankAboutAttempt', { attemptId: a.id }))}>
            Ask the bank
          </button>
          <p className="muted">Possible for 30 minutes after the sale. After that, only the terminal's own history can tell.</p>
        </div>
      )}
      <ErrorAlert error={action.error} />
    </li>
  );
}
