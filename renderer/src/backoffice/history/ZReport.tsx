import { createPortal } from 'react-dom';
import type { HistoryView } from '../../../../shared/domain/day-report.js';
import { clockTime, dateOnly, dateTime, money } from '../../logic/format.js';
import { cardWords, statusWords } from '../../logic/history.js';

interface Props {
  view: HistoryView;
  locale: string;
  currency: string;
  shopName: string;
  printedAt: number;
  terminalName: (id: string) => string;
  registerName: (id: string) => string;
}

/**
 * The end-of-day (Z) report, laid out for paper. It is rendered outside the app's root and
 * shown only when printing, so "Print" (or "Save as PDF") gives this page and nothing else.
 */
export function ZReport({ view, locale, currency, shopName, printedAt, terminalName, registerName }: Props) {
  const m = (minor: number) => money(minor, locale, currency);
  const t = view.totals;
  const single = view.from === view.to;
  const period = single ? dateOnly(`${view.from}T12:00:00`, locale) : `${dateOnly(`${view.from}T12:00:00`, locale)} – ${dateOnly(`${view.to}T12:00:00`, locale)}`;
  const duplicates = view.rows.filter((r) => r.openDuplicate);
  const closing = view.closings.find((c) => c.day === view.from);
  const buckets = (title: string, map: typeof t.byTerminal, nameOf: (k: string) => string) => (
    <section>
      <h2>{title}</h2>
      <table>
        <tbody>
          {Object.entries(map).map(([k, b]) => (
            <tr key={k}><th scope="row">{nameOf(k)}</th><td>{b.count} payment(s)</td><td>{m(b.authorizedMinor)}</td><td>tips {m(b.tipMinor)}</td></tr>
          ))}
        </tbody>
      </table>
    </section>
  );
  return createPortal(
    <article className="z-report" aria-hidden="true">
      <h1>End-of-day report — {period}</h1>
      <p>{shopName} · printed {dateTime(printedAt, locale)}</p>
      <p className="z-closing">
        {single ? (closing ? `Day closed by ${closing.by} on ${dateTime(closing.at, locale)}` : 'Day not closed') : 'Several days'}
      </p>
      {view.corrections.map((c) => <p key={c.at}>Correction by {c.by} on {dateTime(c.at, locale)}: {c.note}</p>)}
      <section>
        <h2>Totals</h2>
        <table>
          <tbody>
            <tr><th scope="row">Paid</th><td>{m(t.authorized.authorizedMinor)}</td></tr>
            <tr><th scope="row">of which tips</th><td>{m(t.authorized.tipMinor)}</td></tr>
            <tr><th scope="row">Sales</th><td>{t.sales}</td></tr>
            <tr><th scope="row">Average ticket</th><td>{t.averageTicketMinor === null ? '—' : m(t.averageTicketMinor)}</td></tr>
            <tr><th scope="row">Refused</th><td>{t.refused + t.rejected}</td></tr>
            <tr><th scope="row">No answer</th><td>{t.noAnswer}</td></tr>
            <tr><th scope="row">Abandoned</th><td>{t.abandoned}</td></tr>
            <tr><th scope="row">Possible duplicates to settle</th><td>{t.openDuplicates.count} ({m(t.openDuplicates.authorizedMinor)})</td></tr>
          </tbody>
        </table>
      </section>
      {buckets('By terminal', t.byTerminal, terminalName)}
      {buckets('By register', t.byRegister, registerName)}
      {duplicates.length > 0 && (
        <section>
          <h2>Possible duplicates to settle</h2>
          <ul>{duplicates.map((r) => <li key={r.attemptId}>{clockTime(r.createdAt, locale)} {m(r.authorizedMinor ?? 0)} {terminalName(r.terminalId)}</li>)}</ul>
        </section>
      )}
      <section>
        <h2>Payments</h2>
        <table className="z-rows">
          <tbody>
            {view.rows.map((r) => (
              <tr key={r.attemptId}>
                <td>{single ? '' : `${r.createdAt ? dateOnly(r.createdAt, locale) : ''} `}{clockTime(r.createdAt, locale)}</td>
                <td>{registerName(r.registerId)}</td>
                <td>{terminalName(r.terminalId)}</td>
                <td>{m(r.amountMinor)}</td>
                <td>{r.tipMinor ? `tip ${m(r.tipMinor)}` : ''}</td>
                <td>{statusWords(r)}</td>
                <td>{cardWords(r)}</td>
                <td>{r.orderReference ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </article>,
    document.body,
  );
}
