/**
 * The whole store's Z report, register by register: who closed the day or what keeps it open,
 * and for each closing its Z number, the register's grand total and the head its key signed,
 * as the store holds them (each register numbers and signs its own closings; the store keeps
 * copies). An auditor compares the head with the register's journal (`verify --anchor`).
 */
import type { HistoryView } from '../../../../shared/domain/day-report.js';
import { storeDayClosings, type RegisterDay } from '../../../../shared/domain/store-day-closings.js';
import { useT } from '../../i18n/useT.js';
import { money } from '../../logic/format.js';
import { registerDayWords, storeClosedWords } from './StoreDayStatus.js';

interface Props {
  view: HistoryView;
  locale: string;
  currency: string;
  registerName: (id: string) => string;
}

function ClosingFigures({ day, locale, currency }: { day: RegisterDay; locale: string; currency: string }) {
  const t = useT();
  if (day.state !== 'closed') return null;
  const { grandTotal: g, signature: s } = day.closing;
  const m = (minor: number) => money(minor, locale, currency);
  return (
    <>
      {g && <><br />{t('closing.periods.grandTotal', { gross: m(g.grossMinor), refunded: m(g.refundedMinor), net: m(g.netMinor) })}</>}
      <br /><span className="z-signature">{s ? t('closing.z.head', { seq: String(s.seq), hash: s.hash }) : t('closing.z.unsigned')}</span>
    </>
  );
}

export function ZStoreRegisters({ view, locale, currency, registerName }: Props) {
  const t = useT();
  const days = storeDayClosings(view);
  return (
    <section className="z-store-registers">
      <h2>{t('history.z.registersDays')}</h2>
      <p className="z-closing">{storeClosedWords(t, days.notClosed)}</p>
      <ul>
        {days.registers.map((d) => (
          <li key={d.registerId}>
            {registerDayWords(t, d, registerName, locale)}
            <ClosingFigures day={d} locale={locale} currency={currency} />
          </li>
        ))}
      </ul>
    </section>
  );
}
