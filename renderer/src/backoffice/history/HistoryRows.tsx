import type { ReportRow } from '../../../../shared/domain/day-report.js';
import { clockTime, dateOnly, money } from '../../logic/format.js';
import { STATUS_TONE, cardWords, statusWords } from '../../logic/history.js';
import { LeaseFact } from '../../components/LeaseFact.js';

interface Props {
  rows: readonly ReportRow[];
  locale: string;
  multiDay: boolean;
  terminalName: (id: string) => string;
  registerName: (id: string) => string;
}

/** One line per payment in a manager's words; the technical fields one click away. */
export function HistoryRows({ rows, locale, multiDay, terminalName, registerName }: Props) {
  if (rows.length === 0) return <p className="empty">No payments match.</p>;
  return (
    <ol className="history-rows">
      {[...rows].reverse().map((r) => (
        <li key={r.attemptId} className="history-row">
          <details>
            <summary>
              <span className="today-time">{multiDay ? `${dateOnly(r.createdAt, locale)} ` : ''}{clockTime(r.createdAt, locale)}</span>
              <span className="history-amount">{money(r.amountMinor, locale, r.currency)}</span>
              <span className="history-tip">{r.tipMinor > 0 ? `+ ${money(r.tipMinor, locale, r.currency)} tip` : ''}</span>
              <span className={`badge badge-${STATUS_TONE[r.status]}`}>{statusWords(r)}</span>
              <span>{terminalName(r.terminalId)}</span>
              <span>{registerName(r.registerId)}</span>
              <span>{cardWords(r)}</span>
              <span className="history-ref">{r.orderReference ?? ''}</span>
              {r.possibleDuplicate && r.status === 'authorized' && (
                <span className="today-flag">{r.duplicateResolution ? 'Duplicate settled' : 'Possible duplicate'}</span>
              )}
            </summary>
            <dl className="facts compact">
              <div><dt>Paid in total</dt><dd>{r.authorizedMinor === null ? '—' : money(r.authorizedMinor, locale, r.currency)}</dd></div>
              <div><dt>Sends</dt><dd>{r.sends}</dd></div>
              <div><dt>Answer expected by</dt><dd>{clockTime(r.deadlineAt, locale)}</dd></div>
              <div className="wide"><dt>Idempotency key</dt><dd className="mono">{r.idempotencyKey}</dd></div>
              {r.paymentId && <div className="wide"><dt>Bank payment reference</dt><dd className="mono">{r.paymentId}</dd></div>}
              {r.note && <div className="wide"><dt>Note</dt><dd>{r.note}</dd></div>}
              {r.duplicateResolution && <div className="wide"><dt>Duplicate settled as</dt><dd>{r.duplicateResolution}</dd></div>}
              <LeaseFact lease={r.lease} />
            </dl>
          </details>
        </li>
      ))}
    </ol>
  );
}
