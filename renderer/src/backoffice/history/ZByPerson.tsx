/**
 * The Z report's takings by person: what each cashier took and each person gave back, counted
 * by the day's one definition (staff-figures.ts) so the lines add up to the report's totals. A
 * section of its own, so the report around it can change without touching it.
 */
import type { HistoryView } from '../../../../shared/domain/day-report.js';
import { figuresByPerson } from '../../../../shared/domain/staff-figures.js';
import { useT } from '../../i18n/useT.js';
import { money } from '../../logic/format.js';
import { personWords } from '../../logic/person-words.js';

export function ZByPerson({ view, locale, currency }: { view: Pick<HistoryView, 'rows' | 'refunds'>; locale: string; currency: string }) {
  const t = useT();
  const people = figuresByPerson(view.rows, view.refunds);
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
              <td>{t('history.z.count', { count: p.totals.authorized.count })}</td>
              <td>{m(p.totals.authorized.authorizedMinor)}</td>
              <td>{p.totals.refundedMinor ? `${t('history.totals.refunded')} ${m(p.totals.refundedMinor)}` : ''}</td>
              <td>{`${t('history.totals.net')} ${m(p.totals.netMinor)}`}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
