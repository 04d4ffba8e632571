import { useState } from 'react';
import { shortKey, type Attempt, type ResolutionKind } from '../../../shared/domain/attempt.js';
import { commandsAllowed } from '../../../shared/domain/attempt-commands.js';
import { call } from '../bridge.js';
import { ErrorAlert } from '../components/ErrorAlert.js';
import { SectionHead } from '../components/SectionHead.js';
import { useAction } from '../hooks/useAction.js';
import { useLocale } from '../hooks/useLocale.js';
import { usePoiOf } from '../hooks/usePoiOf.js';
import { dateTime, money } from '../logic/format.js';
import { openDuplicates, useAttempts } from '../store/attempts.js';
import { AskBank } from './AskBank.js';

/**
 * Money that may have been taken twice, listed until a manager says what happened:
 * refunded outside Counterpay (with a note) or not a duplicate (with a reason). The
 * answer is journaled like every other change. Below, payments the bank never
 * answered for, which a manager may ask the bank about.
 */
export function PossibleDuplicates() {
  const byId = useAttempts((s) => s.byId);
  const view = { byId, totals: null };
  const duplicates = openDuplicates(view);
  const unknown = Object.values(byId).map((c) => c.attempt).filter((a) => commandsAllowed(a).includes('askBank') || a.bankAsked !== null && a.state === 'timed_out');
  return (
    <section className="bo-section" aria-labelledby="duplicates-heading">
      <SectionHead id="duplicates-heading" title="Possible duplicates" />
      <p className="muted">A payment made after the cashier abandoned it, or a late one after the sale was charged again. The customer may have paid twice.</p>
      {duplicates.length === 0 && <p className="empty">No possible duplicate to check.</p>}
      <ul className="duplicate-list">
        {duplicates.map((a) => <DuplicateItem key={a.id} attempt={a} />)}
      </ul>
      {unknown.length > 0 && (
        <>
          <h3>No answer from the bank</h3>
          <p className="muted">The bank never confirmed these payments. The terminal may have taken the money.</p>
          <ul className="duplicate-list">{unknown.map((a) => <AskBank key={a.id} attempt={a} />)}</ul>
        </>
      )}
    </section>
  );
}

function DuplicateItem({ attempt: a }: { attempt: Attempt }) {
  const locale = useLocale();
  const poiOf = usePoiOf();
  const action = useAction();
  const [kind, setKind] = useState<ResolutionKind>('refunded_outside');
  const [note, setNote] = useState('');
  const m = (minor: number) => money(minor, locale, a.currency);
  const why = a.abandoned ? 'Paid after the cashier abandoned it' : 'Paid late, after the sale was charged again';
  const save = () => void action.run(() => call('resolveAttempt', { attemptId: a.id, kind, note: note.trim() }));
  const noteLabel = kind === 'refunded_outside' ? 'How was the customer refunded?' : 'Why is it not a duplicate?';
  return (
    <li className="duplicate-item" aria-label={`Possible duplicate ${m(a.authorizedAmountMinor ?? a.amountMinor)}`}>
      <p className="duplicate-title"><strong>{m(a.authorizedAmountMinor ?? a.amountMinor)}</strong> on {poiOf(a.terminalId)} · {dateTime(a.updatedAt, locale)}</p>
      <p className="muted">{why}. Asked {m(a.amountMinor)}{a.tipMinor ? `, tip ${m(a.tipMinor)}` : ''} · Ref. <span className="mono">{shortKey(a.idempotencyKey)}</span></p>
      <fieldset className="resolution">
        <legend>What happened?</legend>
        <label className="check-row"><input type="radio" name={`kind-${a.id}`} checked={kind === 'refunded_outside'} onChange={() => setKind('refunded_outside')} /> Refunded to the customer outside Counterpay</label>
        <label className="check-row"><input type="radio" name={`kind-${a.id}`} checked={kind === 'not_a_duplicate'} onChange={() => setKind('not_a_duplicate')} /> Not a duplicate</label>
        <label className="field">
          <span>{noteLabel}</span>
          <input type="text" value={note} maxLength={500} onChange={(e) => setNote(e.target.value)} />
        </label>
        <button type="button" className="btn btn-primary" disabled={action.busy || note.trim() === ''} onClick={save}>Save the answer</button>
      </fieldset>
      <ErrorAlert error={action.error} />
    </li>
  );
}
