/**
 * The Z report's takings by person: what each cashier took and each person gave back, counted
 * by the day's one definition (staff-figures.ts) so the lines add up to the report's totals. A
 * closed day prints them from its closing record, as the rest of its Z, so a reprint is the
 * first print whatever changed since; a day not closed yet (or closed before the record kept
 * them) counts them from its rows. A section of its own, so the report around it can change
 * without touching it.
 */
import type { HistoryView } from '../../../../shared/domain/day-report.js';
import { printedTakings } from '../../../../shared/domain/staff-figures.js';
import { useT } from '../../i18n/useT.js';
import { money } from '../../logic/format.js';
import { personWords } from '../../logic/person-words.js';
import { closingOf } from './ZClosingFacts.js';

export function ZByPerson({ view, locale, currency }: { view: HistoryView; locale: string; currency: string }) {
  const t = useT();
  const people = printedTakings(closingOf(view), view.rows, view.refunds);
  if (people.length === 0) return null;
  const m = (minor: number) => money(minor, locale, currency);
  return (
    <section className="z-by-person">
      <h2>{t('shift.z.byPerson')}</h2>
      <table className="z-buckets">
        <tbody>
          {people.map((p) => (
            <tr key={p.key}>
              <th scope="row">{personWords(t, p)}</th>
              <td>{t('history.z.count', { count: p.count })}</td>
              <td>{m(p.authorizedMinor)}</td>
              <td>{p.refundedMinor ? `${t('history.totals.refunded')} ${m(p.refundedMinor)}` : ''}</td>
              <td>{`${t('history.totals.net')} ${m(p.netMinor)}`}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
