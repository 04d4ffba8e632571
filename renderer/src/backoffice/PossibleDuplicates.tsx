import { useState } from 'react';
import { useManagerBy } from '../store/manager.js';
import { paidMinor, shortKey, type Attempt, type ResolutionKind } from '../../../shared/domain/attempt.js';
import { REFUND_PLACES, type RefundPlace } from '../../../shared/domain/refunds.js';
import { decimalStringToMinor, minorToDecimalString } from '../../../shared/money.js';
import { commandsAllowed } from '../../../shared/domain/attempt-commands.js';
import { call } from '../bridge.js';
import { ErrorAlert } from '../components/ErrorAlert.js';
import { SectionHead } from '../components/SectionHead.js';
import { useAction } from '../hooks/useAction.js';
import { useLocale } from '../hooks/useLocale.js';
import { usePoiOf } from '../hooks/usePoiOf.js';
import { useT } from '../i18n/useT.js';
import { dateTime, money } from '../logic/format.js';
import { openDuplicates, useAttempts } from '../store/attempts.js';
import { AskBank } from './AskBank.js';
import { PLACE_WORDS } from './history/PaymentMoneyForms.js';

/**
 * Money that may have been taken twice, listed until a manager says what happened:
 * refunded outside Counterpay (with a note) or not a duplicate (with a reason). The
 * answer is journaled like every other change. Below, payments the bank never
 * answered for, which a manager may ask the bank about.
 */
export function PossibleDuplicates() {
  const t = useT();
  const byId = useAttempts((s) => s.byId);
  const view = { byId, totals: null };
  const duplicates = openDuplicates(view);
  const unknown = Object.values(byId).map((c) => c.attempt).filter((a) => commandsAllowed(a).includes('askBank') || a.bankAsked !== null && a.state === 'timed_out');
  return (
    <section className="bo-section" aria-labelledby="duplicates-heading">
      <SectionHead id="duplicates-heading" title={t('backoffice.tab.duplicates')} />
      <p className="muted">{t('duplicates.intro')}</p>
      {duplicates.length === 0 && <p className="empty">{t('duplicates.empty')}</p>}
      <ul className="duplicate-list">
        {duplicates.map((a) => <DuplicateItem key={a.id} attempt={a} />)}
      </ul>
      {unknown.length > 0 && (
        <>
          <h3>{t('duplicates.unknown.title')}</h3>
          <p className="muted">{t('duplicates.unknown.intro')}</p>
          <ul className="duplicate-list">{unknown.map((a) => <AskBank key={a.id} attempt={a} />)}</ul>
        </>
      )}
    </section>
  );
}

function DuplicateItem({ attempt: a }: { attempt: Attempt }) {
  const t = useT();
  const locale = useLocale();
  const poiOf = usePoiOf();
  const action = useAction();
  const [kind, setKind] = useState<ResolutionKind>('refunded_outside');
  const [note, setNote] = useState('');
  // "Refunded" records the refund too: the duplicate's amount unless the manager gave back less, where, and who.
  const [refund, setRefund] = useState(minorToDecimalString(paidMinor(a)));
  const [where, setWhere] = useState<RefundPlace>('terminal');
  const [by, setBy] = useState('');
  const me = useManagerBy();
  const m = (minor: number) => money(minor, locale, a.currency);
  const paid = m(a.authorizedAmountMinor ?? a.amountMinor);
  const refunded = kind === 'refunded_outside';
  const save = () => void action.run(() => call('resolve', refunded
    ? { attemptId: a.id, kind, note: note.trim(), refundMinor: Math.max(0, decimalStringToMinor(refund.replace(',', '.')) ?? 0), where, ...(me ? {} : { by }) }
    : { attemptId: a.id, kind, note: note.trim() }));
  const asked = a.tipMinor ? t('duplicates.askedTip', { asked: m(a.amountMinor), tip: m(a.tipMinor) }) : t('duplicates.asked', { asked: m(a.amountMinor) });
  return (
    <li className="duplicate-item" aria-label={t('duplicates.item.label', { amount: paid })}>
      <p className="duplicate-title">
        <strong>{paid}</strong> {t('duplicates.item.where', { terminal: poiOf(a.terminalId), time: dateTime(a.updatedAt, locale) })}
      </p>
      <p className="muted">
        {t(a.abandoned ? 'duplicates.why.abandoned' : 'duplicates.why.late')} {asked}
        {' · '}{t('today.ref')} <span className="mono">{shortKey(a.idempotencyKey)}</span>
      </p>
      <fieldset className="resolution">
        <legend>{t('duplicates.question')}</legend>
        <label className="check-row">
          <input type="radio" name={`kind-${a.id}`} checked={kind === 'refunded_outside'} onChange={() => setKind('refunded_outside')} /> {t('duplicates.refunded')}
        </label>
        <label className="check-row">
          <input type="radio" name={`kind-${a.id}`} checked={kind === 'not_a_duplicate'} onChange={() => setKind('not_a_duplicate')} /> {t('duplicates.notDuplicate')}
        </label>
        <label className="field">
          <span>{t(kind === 'refunded_outside' ? 'duplicates.note.refunded' : 'duplicates.note.notDuplicate')}</span>
          <input type="text" value={note} maxLength={500} onChange={(e) => setNote(e.target.value)} />
        </label>
        {refunded && <>
          <label className="field"><span>{t('refund.amount')}</span><input type="text" inputMode="decimal" value={refund} maxLength={16} onChange={(e) => setRefund(e.target.value)} /></label>
          <label className="field"><span>{t('refund.where')}</span><select value={where} onChange={(e) => setWhere(e.target.value as RefundPlace)}>
            {REFUND_PLACES.map((p) => <option key={p} value={p}>{t(PLACE_WORDS[p])}</option>)}
          </select></label>
          {!me && <label className="field"><span>{t('refund.by')}</span><input type="text" value={by} maxLength={60} onChange={(e) => setBy(e.target.value)} /></label>}
        </>}
        <button type="button" className="btn btn-primary" disabled={action.busy || note.trim() === '' || (refunded && !me && by.trim() === '')} onClick={save}>{t('duplicates.save')}</button>
      </fieldset>
      <ErrorAlert error={action.error} />
    </li>
  );
}
