import { useState } from 'react';
import type { HistoryQuery, ReportStatus } from '../../../../shared/domain/day-report.js';
import { call } from '../../bridge.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { JournalWarnings } from '../../components/JournalWarnings.js';
import { RefreshButton, SectionHead } from '../../components/SectionHead.js';
import { useAction } from '../../hooks/useAction.js';
import { useLocale } from '../../hooks/useLocale.js';
import { usePoiOf } from '../../hooks/usePoiOf.js';
import { useRemote } from '../../hooks/useRemote.js';
import { STATUS_WORDS, downloadText, localDayOf } from '../../logic/history.js';
import { useApp } from '../../store/app.js';
import { CloseDay } from './CloseDay.js';
import { HistoryRows } from './HistoryRows.js';
import { TakingsChart } from './TakingsChart.js';
import { TotalsPanel } from './TotalsPanel.js';
import { ZReport } from './ZReport.js';

const CURRENCY = 'EUR';

/** Any past day or range: totals, takings by hour, every payment, the accountant's CSV, the Z report, closing. */
export function DayHistory() {
  const locale = useLocale();
  const poiOf = usePoiOf();
  const appState = useApp((s) => s.appState);
  const today = localDayOf(Date.now());
  const [query, setQuery] = useState<HistoryQuery>({ from: today, to: today });
  const history = useRemote(() => call('journalHistory', query), JSON.stringify(query));
  const exporting = useAction();
  const view = history.data;
  const single = query.from === query.to;
  const registerName = (id: string) => (id === appState?.registerId ? 'This register' : `Register ${id.slice(0, 8)}`);
  const set = (patch: Partial<HistoryQuery>) => setQuery((q) => {
    const next = { ...q, ...patch };
    for (const k of ['registerId', 'terminalId', 'status', 'search'] as const) if (!next[k]) delete next[k];
    return next;
  });

  const exportCsv = async () => {
    const res = await exporting.run(() => call('exportJournalCsv', { from: query.from, to: query.to }));
    if (res.ok) downloadText(res.value.fileName, res.value.csv);
  };

  return (
    <section className="bo-section" aria-labelledby="history-heading">
      <SectionHead id="history-heading" title="Payment journal">
        <RefreshButton onClick={history.reload} />
      </SectionHead>
      <div className="history-filters">
        <label>From <input type="date" value={query.from} onChange={(e) => e.target.value && set({ from: e.target.value, ...(e.target.value > query.to ? { to: e.target.value } : {}) })} /></label>
        <label>To <input type="date" value={query.to} onChange={(e) => e.target.value && set({ to: e.target.value, ...(e.target.value < query.from ? { from: e.target.value } : {}) })} /></label>
        <label>Register
          <select value={query.registerId ?? ''} onChange={(e) => set({ registerId: e.target.value })}>
            <option value="">All</option>
            {view?.registers.map((r) => <option key={r} value={r}>{registerName(r)}</option>)}
          </select>
        </label>
        <label>Terminal
          <select value={query.terminalId ?? ''} onChange={(e) => set({ terminalId: e.target.value })}>
            <option value="">All</option>
            {view?.terminals.map((t) => <option key={t} value={t}>{poiOf(t)}</option>)}
          </select>
        </label>
        <label>Status
          <select value={query.status ?? ''} onChange={(e) => set({ status: (e.target.value || undefined) as ReportStatus | undefined })}>
            <option value="">All</option>
            {(Object.keys(STATUS_WORDS) as ReportStatus[]).map((s) => <option key={s} value={s}>{STATUS_WORDS[s]}</option>)}
          </select>
        </label>
        <label>Search <input type="search" value={query.search ?? ''} placeholder="Order reference or amount" maxLength={100} onChange={(e) => set({ search: e.target.value })} /></label>
      </div>
      <div className="history-actions">
        <button type="button" className="btn btn-secondary" onClick={() => void exportCsv()} disabled={exporting.busy}>Export for the accountant (CSV)</button>
        <button type="button" className="btn btn-secondary" onClick={() => window.print()} disabled={!view}>Print report</button>
      </div>
      <ErrorAlert error={history.error ?? exporting.error} />
      {view && <JournalWarnings warnings={view.damaged} />}
      {view && (
        <>
          <TotalsPanel totals={view.totals} locale={locale} currency={CURRENCY} terminalName={poiOf} registerName={registerName} />
          <TakingsChart byHour={view.totals.byHour} locale={locale} currency={CURRENCY} />
          {single && <CloseDay view={view} day={query.from} locale={locale} currency={CURRENCY} onChanged={() => history.reload()} />}
          <HistoryRows rows={view.rows} locale={locale} multiDay={!single} terminalName={poiOf} registerName={registerName} />
          <ZReport view={view} locale={locale} currency={CURRENCY} shopName={appState?.organization?.name ?? ''} printedAt={Date.now()} terminalName={poiOf} registerName={registerName} />
        </>
      )}
    </section>
  );
}
