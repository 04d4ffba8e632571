import type { ReportRow } from '../../../../shared/domain/day-report.js';
import { useT } from '../../i18n/useT.js';
import { clockTime, dateOnly, money } from '../../logic/format.js';
import { STATUS_TONE, cardWords, resolutionWords, statusWords } from '../../logic/history.js';
import { LeaseFact } from '../../components/LeaseFact.js';
import { ReceiptButton, RefundReceiptButton } from '../../receipts/ReceiptButton.js';
import { localDay } from '../../../../shared/domain/calendar-day.js';
import { useApp } from '../../store/app.js';
import { PaymentMoneyForms } from './PaymentMoneyForms.js';

interface Props {
  rows: readonly ReportRow[];
  locale: string;
  multiDay: boolean;
  terminalName: (id: string) => string;
  registerName: (id: string) => string;
  /** A refund or settlement was recorded: the day reads differently now. */
  onChanged?: () => void;
}

/** One line per payment in a manager's words; the technical fields one click away. */
export function HistoryRows({ rows, locale, multiDay, terminalName, registerName, onChanged }: Props) {
  const t = useT();
  const ownRegisterId = useApp((s) => s.appState?.registerId ?? null);
  if (rows.length === 0) return <p className="empty">{t('history.rows.none')}</p>;
  return (
    <ol className="history-rows">
      {[...rows].reverse().map((r) => {
        const settled = resolutionWords(t, r);
        return (
          <li key={r.attemptId} className="history-row">
            <details>
              <summary>
                <span className="today-time">{multiDay ? `${dateOnly(r.createdAt, locale)} ` : ''}{clockTime(r.createdAt, locale)}</span>
                <span className="history-amount">{money(r.amountMinor, locale, r.currency)}</span>
                <span className="history-tip">{r.tipMinor > 0 ? t('history.rows.tip', { amount: money(r.tipMinor, locale, r.currency) }) : ''}</span>
                <span className={`badge badge-${STATUS_TONE[r.status]}`}>{statusWords(t, r)}</span>
                <span>{terminalName(r.terminalId)}</span>
                <span className="history-register">{registerName(r.registerId)}</span>
                {r.cashier && <span className="history-cashier">{r.cashier.name}</span>}
                <span>{cardWords(t, r)}</span>
                <span className="history-ref">{r.orderReference ?? ''}</span>
                {r.settledByHand && <span className="today-flag">{t('settle.byHand')}</span>}
                {(r.refundedMinor ?? 0) > 0 && <span className="today-flag">{t('refund.refunded', { amount: money(r.refundedMinor ?? 0, locale, r.currency) })}</span>}
                {r.possibleDuplicate && r.status === 'authorized' && (
                  <span className="today-flag">{t(settled ? 'history.rows.duplicateSettled' : 'history.rows.possibleDuplicate')}</span>
                )}
              </summary>
              <dl className="facts compact">
                <div><dt>{t('history.rows.paidInTotal')}</dt><dd>{r.authorizedMinor === null ? '—' : money(r.authorizedMinor, locale, r.currency)}</dd></div>
                <div><dt>{t('history.rows.sends')}</dt><dd>{r.sends}</dd></div>
                <div><dt>{t('history.rows.deadline')}</dt><dd>{clockTime(r.deadlineAt, locale)}</dd></div>
                <div className="wide"><dt>{t('history.rows.key')}</dt><dd className="mono">{r.idempotencyKey}</dd></div>
                {r.paymentId && <div className="wide"><dt>{t('history.rows.paymentId')}</dt><dd className="mono">{r.paymentId}</dd></div>}
                {r.note && <div className="wide"><dt>{t('history.rows.note')}</dt><dd>{r.note}</dd></div>}
                {settled && <div className="wide"><dt>{t('history.rows.settledAs')}</dt><dd>{settled}</dd></div>}
                <LeaseFact lease={r.lease} />
              </dl>
              {onChanged && r.registerId === ownRegisterId && <PaymentMoneyForms row={r} onChanged={onChanged} />}
              {r.status === 'authorized' && r.registerId === ownRegisterId && <ReceiptButton attemptId={r.attemptId} day={localDay(r.createdAt)} className="btn btn-secondary" />}
              {r.registerId === ownRegisterId && (r.refunds ?? []).length > 0 && (
                <ul className="history-refunds">
                  {(r.refunds ?? []).map((x) => {
                    const label = t('receipt.refundOf', { amount: money(x.amountMinor, locale, r.currency), at: new Date(x.at) });
                    return <li key={x.refundId}>{label} <RefundReceiptButton refundId={x.refundId} saleDay={localDay(r.createdAt)} label={label} /></li>;
                  })}
                </ul>
              )}
            </details>
          </li>
        );
      })}
    </ol>
  );
}
