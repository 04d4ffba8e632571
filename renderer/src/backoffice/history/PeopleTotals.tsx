/**
 * The journal's figures person by person (staff-figures.ts: the same definition as the totals
 * above, so the people add up to them): who took what, who gave back what, what each left
 * unanswered. For one day of this register's journal, each person's shift summary opens from here.
 */
import { useState } from 'react';
import type { HistoryView } from '../../../../shared/domain/day-report.js';
import { figuresByPerson } from '../../../../shared/domain/staff-figures.js';
import { useT } from '../../i18n/useT.js';
import { money } from '../../logic/format.js';
import { personWords } from '../../logic/person-words.js';
import { ShiftDialog } from '../../shifts/ShiftDialog.js';

interface Props {
  view: HistoryView;
  locale: string;
  currency: string;
  /** The day whose shift summaries can be opened; null for a range or the whole store. */
  shiftDay: string | null;
}

export function PeopleTotals({ view, locale, currency, shiftDay }: Props) {
  const t = useT();
  const [shiftOf, setShiftOf] = useState<string | null>(null);
  const people = figuresByPerson(view.rows, view.refunds);
  if (people.length === 0) return null;
  const m = (minor: number) => money(minor, locale, currency);
  return (
    <section className="people-totals" aria-labelledby="people-heading">
      <h3 id="people-heading">{t('shift.byPerson')}</h3>
      {shiftDay && <p className="people-hint">{t('shift.byPersonHint')}</p>}
      <table>
        <thead>
          <tr>
            <th scope="col">{t('shift.person')}</th><th scope="col">{t('history.totals.sales')}</th><th scope="col">{t('history.totals.paid')}</th>
            <th scope="col">{t('history.totals.refunded')}</th><th scope="col">{t('history.totals.net')}</th><th scope="col">{t('history.totals.noAnswer')}</th>
            <th scope="col">{t('history.totals.abandoned')}</th><th scope="col">{t('history.totals.openDuplicates')}</th>
          </tr>
        </thead>
        <tbody>
          {people.map((p) => (
            <tr key={p.key}>
              <th scope="row">
                {shiftDay
                  ? <button type="button" className="link-button" aria-label={`${t('shift.forPerson')} — ${personWords(t, p)}`} onClick={() => setShiftOf(p.key)}>{personWords(t, p)}</button>
                  : personWords(t, p)}
              </th>
              <td className="amount">{p.totals.sales}</td><td className="amount">{m(p.totals.authorized.authorizedMinor)}</td>
              <td className="amount">{m(p.totals.refundedMinor)}</td><td className="amount">{m(p.totals.netMinor)}</td>
              <td className="amount">{p.totals.noAnswer}</td><td className="amount">{p.totals.abandoned}</td><td className="amount">{p.totals.openDuplicates.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {shiftDay && shiftOf !== null && <ShiftDialog day={shiftDay} person={shiftOf} onClose={() => setShiftOf(null)} />}
    </section>
  );
}
