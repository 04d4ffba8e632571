/** The manager's refund and hand-settlement forms under a payment of the journal screen. */
import { useState } from 'react';
import { useManagerBy } from '../../store/manager.js';
import type { HistoryView, ReportRow } from '../../../../shared/domain/day-report.js';
import { REFUND_PLACES, type RefundPlace, type SettlementOutcome } from '../../../../shared/domain/refunds.js';
import { localDay } from '../../../../shared/domain/calendar-day.js';
import { decimalStringToMinor, minorToDecimalString } from '../../../../shared/money.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { useAction } from '../../hooks/useAction.js';
import { useT } from '../../i18n/useT.js';
import { call } from '../../bridge.js';

interface Props {
  row: ReportRow;
  onChanged: (view: HistoryView) => void;
}

/** Where a refund was made, in the screen's words. */
export const PLACE_WORDS = { terminal: 'refund.where.terminal', bank_app: 'refund.where.bank_app' } as const satisfies Record<RefundPlace, string>;

/** "12,50" or "12.50" as cents; anything unreadable as 0, which the main process refuses in words. */
const typedMinor = (text: string): number => Math.max(0, decimalStringToMinor(text.replace(',', '.')) ?? 0);

/**
 * Under a payment of this register's journal: a refund made on the terminal or in the bank's app,
 * recorded against it, or, for a payment nobody could confirm, what the terminal's slip says.
 * The main process checks the money rules and refuses with the reason; nothing is written then.
 */
export function PaymentMoneyForms({ row, onChanged }: Props) {
  if (row.status === 'authorized') return <RefundForm row={row} onChanged={onChanged} />;
  if (row.status === 'no_answer' && !row.settledByHand) return <SettleForm row={row} onChanged={onChanged} />;
  return null;
}

function RefundForm({ row, onChanged }: Props) {
  const t = useT();
  const left = Math.max(0, (row.authorizedMinor ?? 0) - (row.refundedMinor ?? 0));
  const [amount, setAmount] = useState(minorToDecimalString(left));
  const [where, setWhere] = useState<RefundPlace>('terminal');
  const [reason, setReason] = useState('');
  const [by, setBy] = useState('');
  const me = useManagerBy();
  const action = useAction();
  return (
    <form className="close-form refund-form" aria-label={t('refund.record')} onSubmit={(e) => {
      e.preventDefault();
      const req = { attemptId: row.attemptId, day: localDay(row.createdAt), amountMinor: typedMinor(amount), where, reason, ...(me ? {} : { by }) };
      void action.run(() => call('recordRefund', req), t('refund.done')).then((r) => r.ok && onChanged(r.value));
    }}>
      <label>{t('refund.amount')} <input value={amount} onChange={(e) => setAmount(e.target.value)} inputMode="decimal" maxLength={16} required /></label>
      <label>{t('refund.where')} <select value={where} onChange={(e) => setWhere(e.target.value as RefundPlace)}>
        {REFUND_PLACES.map((p) => <option key={p} value={p}>{t(PLACE_WORDS[p])}</option>)}
      </select></label>
      <label>{t('refund.reason')} <input value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} required /></label>
      {!me && <label>{t('refund.by')} <input value={by} onChange={(e) => setBy(e.target.value)} maxLength={60} required /></label>}
      <button type="submit" className="btn btn-secondary" disabled={action.busy}>{t('refund.save')}</button>
      <ErrorAlert error={action.error} onDismiss={action.dismissError} />
    </form>
  );
}

function SettleForm({ row, onChanged }: Props) {
  const t = useT();
  const [outcome, setOutcome] = useState<SettlementOutcome>('paid');
  const [last4, setLast4] = useState('');
  const [code, setCode] = useState('');
  const [by, setBy] = useState('');
  const me = useManagerBy();
  const action = useAction();
  return (
    <form className="close-form settle-form" aria-label={t('settle.title')} onSubmit={(e) => {
      e.preventDefault();
      const paid = outcome === 'paid';
      const req = {
        attemptId: row.attemptId, day: localDay(row.createdAt), outcome,
        cardLast4: paid && last4.trim() ? last4.trim() : null, authorizationCode: paid && code.trim() ? code.trim() : null, ...(me ? {} : { by }),
      };
      void action.run(() => call('settleByHand', req), t('settle.done')).then((r) => r.ok && onChanged(r.value));
    }}>
      <fieldset>
        <legend>{t('settle.title')}</legend>
        <label><input type="radio" checked={outcome === 'paid'} onChange={() => setOutcome('paid')} /> {t('settle.paid')}</label>
        <label><input type="radio" checked={outcome === 'not_paid'} onChange={() => setOutcome('not_paid')} /> {t('settle.notPaid')}</label>
      </fieldset>
      {outcome === 'paid' && <>
        <label>{t('settle.last4')} <input value={last4} onChange={(e) => setLast4(e.target.value)} inputMode="numeric" maxLength={4} pattern="[0-9]{4}" /></label>
        <label>{t('settle.authCode')} <input value={code} onChange={(e) => setCode(e.target.value)} maxLength={12} pattern="[A-Za-z0-9]{1,12}" /></label>
      </>}
      {!me && <label>{t('refund.by')} <input value={by} onChange={(e) => setBy(e.target.value)} maxLength={60} required /></label>}
      <button type="submit" className="btn btn-secondary" disabled={action.busy}>{t('settle.save')}</button>
      <ErrorAlert error={action.error} onDismiss={action.dismissError} />
    </form>
  );
}
