import { createPortal } from 'react-dom';
import { nameOf } from '../../../../shared/domain/record-by.js';
import type { Bucket, HistoryView } from '../../../../shared/domain/day-report.js';
import { useT } from '../../i18n/useT.js';
import { clockTime, dateOnly, dateTime, money } from '../../logic/format.js';
import { cardWords, statusWords } from '../../logic/history.js';
import { refusedCount } from '../../../../shared/domain/money-figures.js';
import { PLACE_WORDS } from './PaymentMoneyForms.js';
import { ZClosingFacts, zTotals } from './ZClosingFacts.js';
import { ZByPerson } from './ZByPerson.js';
import { ZStoreRegisters } from './ZStoreRegisters.js';

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
 * For the whole store it also says, register by register, who closed the day or what keeps it
 * open, and whether every register that took payments has closed it.
 *
 * An ordinary day (about twenty payments) fits one A4 page: the totals and the per-terminal figures
 * sit side by side, one register's own report leaves out the register column, and names stay on
 * one line (cut with an ellipsis, never wrapped word by word into a tall row).
 */
export function ZReport({ view, locale, currency, shopName, printedAt, terminalName, registerName }: Props) {
  const t = useT();
  const m = (minor: number) => money(minor, locale, currency);
  const tt = zTotals(view);
  const single = view.from === view.to;
  const period = single ? dateOnly(`${view.from}T12:00:00`, locale) : `${dateOnly(`${view.from}T12:00:00`, locale)} – ${dateOnly(`${view.to}T12:00:00`, locale)}`;
  const duplicates = view.rows.filter((r) => r.openDuplicate);
  const closing = view.closings.find((c) => c.day === view.from);
  const store = view.scope === 'store';
  const buckets = (title: string, map: Record<string, Bucket>, nameOf: (k: string) => string) => (
    <section>
      <h2>{title}</h2>
      <table className="z-buckets">
        <tbody>
          {Object.entries(map).map(([k, b]) => (
            <tr key={k}>
              <th scope="row">{nameOf(k)}</th><td>{t('history.z.count', { count: b.count })}</td><td>{m(b.authorizedMinor)}</td><td>{t('history.z.tips', { amount: m(b.tipMinor) })}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
  const closingLine = !single ? t('history.z.severalDays') : closing ? t('history.z.closedBy', { name: closing.by, when: dateTime(closing.at, locale) }) : t('history.z.notClosed');
  return createPortal(
    <article className="z-report" aria-hidden="true">
      <h1>{t(store ? 'history.z.storeTitle' : 'history.z.title', { period })}</h1>
      <p>{t('history.z.printed', { shop: shopName, when: dateTime(printedAt, locale) })}</p>
      {!store && <p className="z-closing">{closingLine}</p>}
      <ZClosingFacts view={view} locale={locale} currency={currency} />
      {view.chainBroken.length > 0 && <p className="z-closing">{t('history.chainBroken', { days: view.chainBroken.join(', ') })}</p>}
      {store && single && <ZStoreRegisters view={view} locale={locale} currency={currency} registerName={registerName} />}
      {view.corrections.map((c) => <p key={c.at}>{t('history.close.correction', { name: c.by, when: dateTime(c.at, locale), note: c.note })}</p>)}
      <div className="z-summary">
        <section>
          <h2>{t('history.z.totals')}</h2>
          <table className="z-totals">
            <tbody>
              <tr><th scope="row">{t('history.totals.paid')}</th><td>{m(tt.authorized.authorizedMinor)}</td></tr>
              <tr><th scope="row">{t('history.totals.tips')}</th><td>{m(tt.authorized.tipMinor)}</td></tr>
              <tr><th scope="row">{t('history.totals.refunded')}</th><td>{m(tt.refundedMinor)}</td></tr>
              <tr className="z-net"><th scope="row">{t('history.totals.net')}</th><td>{m(tt.netMinor)}</td></tr>
              <tr><th scope="row">{t('history.totals.sales')}</th><td>{tt.sales}</td></tr>
              <tr><th scope="row">{t('history.totals.average')}</th><td>{tt.averageTicketMinor === null ? '—' : m(tt.averageTicketMinor)}</td></tr>
              <tr><th scope="row">{t('history.totals.refused')}</th><td>{refusedCount(tt)}</td></tr>
              <tr><th scope="row">{t('history.totals.noAnswer')}</th><td>{tt.noAnswer}</td></tr>
              <tr><th scope="row">{t('history.totals.abandoned')}</th><td>{tt.abandoned}</td></tr>
              <tr><th scope="row">{t('history.totals.settledByHand')}</th><td>{tt.settledByHand}</td></tr>
              <tr>
                <th scope="row">{t('history.totals.openDuplicates')}</th>
                <td>{tt.openDuplicates.count} ({m(tt.openDuplicates.authorizedMinor)}){tt.openDuplicates.count > 0 ? ` — ${t('history.totals.mayNeedRefund')}` : ''}</td>
              </tr>
            </tbody>
          </table>
        </section>
        <div>
          {buckets(t('history.totals.byTerminal'), tt.byTerminal, terminalName)}
          {store && buckets(t('history.totals.byRegister'), tt.byRegister, registerName)}
        </div>
      </div>
      <ZByPerson view={view} locale={locale} currency={currency} />
      {duplicates.length > 0 && (
        <section>
          <h2>{t('history.totals.openDuplicates')}</h2>
          <ul>{duplicates.map((r) => <li key={r.attemptId}>{clockTime(r.createdAt, locale)} {m(r.authorizedMinor ?? 0)} {terminalName(r.terminalId)} {registerName(r.registerId)}</li>)}</ul>
        </section>
      )}
      {view.refunds.length > 0 && (
        <section>
          <h2>{t('history.totals.refunded')}</h2>
          <ul>{view.refunds.map((r) => <li key={r.refundId}>{clockTime(r.at, locale)} {m(-r.amountMinor)} {t(PLACE_WORDS[r.where])} · {nameOf(r.by)} · {r.reason}</li>)}</ul>
        </section>
      )}
      <section>
        <h2>{t('history.z.payments')}</h2>
        <table className="z-rows">
          <tbody>
            {view.rows.map((r) => (
              <tr key={r.attemptId}>
                <td className="z-when">{single ? '' : `${dateOnly(r.createdAt, locale)} `}{clockTime(r.createdAt, locale)}</td>
                {store && <td className="z-name">{registerName(r.registerId)}</td>}
                <td className="z-name">{terminalName(r.terminalId)}</td>
                <td className="z-amount">{m(r.amountMinor)}</td>
                <td className="z-amount">{r.tipMinor ? t('history.z.tip', { amount: m(r.tipMinor) }) : ''}</td>
                <td>{statusWords(t, r)}{r.settledByHand ? ` · ${t('settle.byHand')}` : ''}{r.refundedMinor ? ` · ${t('refund.refunded', { amount: m(r.refundedMinor) })}` : ''}</td>
                <td className="z-name">{cardWords(t, r)}</td>
                <td className="z-name">{r.orderReference ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </article>,
    document.body,
  );
}
