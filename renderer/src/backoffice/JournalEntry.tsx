import type { ReactNode } from 'react';
import type { Attempt } from '../../../shared/domain/attempt.js';
import { attemptFlags, outcomeWords, toneOf } from '../logic/attempt-view.js';
import { clockTime, money } from '../logic/format.js';
import { linksOf } from '../logic/journal.js';

interface Props {
  attempt: Attempt;
  all: readonly Attempt[];
  locale: string;
  poiOf: (terminalId: string) => string;
}

/** Everything the journal knows about one attempt, for the manager and for support calls. */
export function JournalEntry({ attempt: a, all, locale, poiOf }: Props) {
  const links = linksOf(a, all);
  const err = a.lastError;
  const row = (term: string, value: ReactNode, wide = false) => (
    <div className={wide ? 'wide' : undefined}><dt>{term}</dt><dd>{value}</dd></div>
  );
  return (
    <li className="journal-entry">
      <div className="journal-head">
        <span className="today-time">{clockTime(a.createdAt, locale)}</span>
        <span className="today-amount">{money(a.amountMinor, locale, a.currency)}</span>
        <span className={`badge badge-${toneOf(a.state)}`}>{outcomeWords(a)}</span>
        <span>{poiOf(a.terminalId)}</span>
        {attemptFlags(a).map((f) => <span key={f} className="today-flag">{f}</span>)}
      </div>
      <dl className="facts compact">
        {row('Idempotency key', <span className="mono">{a.idempotencyKey}</span>, true)}
        {row('State', a.state)}
        {row('Sends', a.sends)}
        {row('Deadline', clockTime(a.deadlineAt, locale))}
        {row('Last update', clockTime(a.updatedAt, locale))}
        {a.paymentId && row('Bank payment id', <span className="mono">{a.paymentId}</span>, true)}
        {a.authorizedAmountMinor !== null && row('Authorized amount', money(a.authorizedAmountMinor, locale, a.currency))}
        {a.cardSummary && row('Card', `${a.paymentMethod ?? ''} •••• ${a.cardSummary}`.trim())}
        {a.failureReason && row('Reason', a.failureReason)}
        {err && row('Last error', [err.kind, err.status, err.code, err.message].filter((x) => x !== undefined && x !== '').join(' · ') + (err.traceId ? ` (trace ${err.traceId})` : ''))}
        {links.follows && row('Retry of', <span className="mono">Key {links.follows}</span>)}
        {links.retriedAs && row('Retried as', <span className="mono">Key {links.retriedAs}</span>)}
        {links.saleAttempts > 1 && row('Attempts in this sale', links.saleAttempts)}
        {a.abandoned && row('Abandoned', 'Yes — the cashier walked away from it')}
        {Object.keys(a.metadata).length > 0 && row('Metadata', <span className="mono">{JSON.stringify(a.metadata)}</span>, true)}
        {row('Register', a.registerId)}
      </dl>
    </li>
  );
}
