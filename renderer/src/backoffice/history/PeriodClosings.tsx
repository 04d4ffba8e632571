import { useEffect, useRef, useState } from 'react';
import type { PeriodClosing, PeriodKind, PeriodPending } from '../../../../shared/domain/closings.js';
import { call } from '../../bridge.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { useAction } from '../../hooks/useAction.js';
import { useRemote } from '../../hooks/useRemote.js';
import { useT } from '../../i18n/useT.js';
import { dateOnly, dateTime, money } from '../../logic/format.js';
import { PeriodReport } from './PeriodReport.js';
import { useManagerBy } from '../../store/manager.js';

interface Props {
  /** The journal view beside it: each time it is read again (a day closed, Refresh), so are the closings. */
  shown: unknown;
  locale: string;
  currency: string;
}

/** "November 2026" for "2026-11", "2026" for a year, in the screen's language. */
function periodWords(kind: PeriodKind, period: string, locale: string): string {
  if (kind === 'year') return period;
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric' }).format(new Date(`${period}-15T12:00:00`));
}

/**
 * Month and year closings: each month or year with payments that is not closed yet, with what it
 * waits for or a form to close it, then every closing made, numbered, with its figures, the grand
 * total and whether the register signed it.
 */
export function PeriodClosings({ shown, locale, currency }: Props) {
  const t = useT();
  const closings = useRemote(() => call('listClosings', undefined), 'closings');
  const { reload } = closings;
  const first = useRef(shown);
  useEffect(() => {
    if (first.current !== shown) reload();
  }, [shown, reload]);
  const view = closings.data;
  const [printing, setPrinting] = useState<PeriodClosing | null>(null);
  // While a month or year closing prints, it replaces the day's report on paper; the browser says when printing is over.
  useEffect(() => {
    if (!printing) return;
    const over = () => {
      document.body.classList.remove('print-period');
      setPrinting(null);
    };
    document.body.classList.add('print-period');
    window.addEventListener('afterprint', over, { once: true });
    window.print();
    return () => {
      window.removeEventListener('afterprint', over);
      document.body.classList.remove('print-period');
    };
  }, [printing]);
  return (
    // No accessible name of its own: "Closing" names the day's closing, which e2e and screen readers find by it.
    <section className="period-closings">
      <h3>{t('closing.periods.title')}</h3>
      <p className="hint">{t('closing.periods.intro')}</p>
      <ErrorAlert error={closings.error} />
      {view && view.pending.length === 0 && view.periods.length === 0 && <p>{t('closing.periods.nothing')}</p>}
      {view && view.lastDayNumber > 0 && (
        <p>
          {t('closing.periods.lastZ', { number: view.lastDayNumber })} · {t('closing.periods.grandTotal', {
            gross: money(view.grandTotal.grossMinor, locale, currency), refunded: money(view.grandTotal.refundedMinor, locale, currency),
            net: money(view.grandTotal.netMinor, locale, currency),
          })}
        </p>
      )}
      <ul className="period-pending">
        {view?.pending.map((p) => <PendingPeriod key={`${p.kind}:${p.period}`} pending={p} locale={locale} onClosed={closings.reload} />)}
      </ul>
      <ul className="period-done">
        {view?.periods.map((p) => <DonePeriod key={`${p.kind}:${p.period}`} closing={p} locale={locale} currency={currency} onPrint={() => setPrinting(p)} />)}
      </ul>
      {printing && <PeriodReport closing={printing} periodWords={periodWords(printing.kind, printing.period, locale)} locale={locale} currency={currency} />}
    </section>
  );
}

function PendingPeriod({ pending, locale, onClosed }: { pending: PeriodPending; locale: string; onClosed: () => void }) {
  const t = useT();
  const [name, setName] = useState('');
  const action = useAction();
  // A manager signed in or who unlocked with their PIN is journaled as themself: no name to type.
  const me = useManagerBy();
  const words = periodWords(pending.kind, pending.period, locale);
  const title = t(pending.kind === 'month' ? 'closing.periods.month' : 'closing.periods.year', { period: words });
  const open = pending.kind === 'month' ? pending.open.map((d) => dateOnly(`${d}T12:00:00`, locale)) : pending.open.map((m) => periodWords('month', m, locale));
  return (
    <li>
      <strong>{title}</strong>{' '}
      {pending.state === 'not_over' && t('closing.periods.notOver')}
      {pending.state === 'open_inside' && t(pending.kind === 'month' ? 'closing.periods.daysOpen' : 'closing.periods.monthsOpen', { open: open.join(', ') })}
      {pending.state === 'closable' && (
        <form className="close-form" onSubmit={(e) => {
          e.preventDefault();
          void action.run(() => call('closePeriod', { kind: pending.kind, period: pending.period, ...(me ? {} : { closedBy: name }) }), t('closing.periods.closed', { period: words }))
            .then((r) => r.ok && onClosed());
        }}>
          {!me && <label>{t('closing.periods.closedBy')} <input value={name} onChange={(e) => setName(e.target.value)} maxLength={60} required placeholder={t('closing.periods.yourName')} /></label>}
          <button type="submit" className="btn btn-primary" disabled={action.busy || (!me && name.trim() === '')}>{t('closing.periods.close', { period: words })}</button>
        </form>
      )}
      <ErrorAlert error={action.error} onDismiss={action.dismissError} />
    </li>
  );
}

function DonePeriod({ closing: c, locale, currency, onPrint }: { closing: PeriodClosing; locale: string; currency: string; onPrint: () => void }) {
  const t = useT();
  const m = (minor: number) => money(minor, locale, currency);
  const words = periodWords(c.kind, c.period, locale);
  const title = t(c.kind === 'month' ? 'closing.periods.monthNumber' : 'closing.periods.yearNumber', { number: c.number, period: words });
  return (
    <li>
      <strong>{title}</strong>{' '}
      <button type="button" className="btn btn-secondary btn-small" onClick={onPrint}>{t('closing.periods.print')}</button>
      <div>{t('closing.periods.closedOn', { name: c.by, when: dateTime(c.at, locale) })}</div>
      <div>{t(c.kind === 'month' ? 'closing.periods.coversDays' : 'closing.periods.coversMonths', { list: c.covers.join(', ') })}</div>
      <div>{t('closing.periods.figures', { paid: m(c.figures.authorized.authorizedMinor), refunded: m(c.figures.refundedMinor), net: m(c.figures.netMinor), sales: c.sales })}</div>
      <div>{t('closing.periods.grandTotal', { gross: m(c.grandTotal.grossMinor), refunded: m(c.grandTotal.refundedMinor), net: m(c.grandTotal.netMinor) })}</div>
      <div className="z-signature">
        {c.signature ? t('closing.z.signed', { seq: String(c.signature.seq), key: c.signature.keyId, signature: c.signature.signature }) : t('closing.z.unsigned')}
      </div>
    </li>
  );
}
