import { useState } from 'react';
import type { HistoryQuery, HistoryScope, ReportStatus } from '../../../../shared/domain/day-report.js';
import type { ExportFormat } from '../../../../shared/domain/export-format.js';
import { languageOf } from '../../../../shared/i18n/languages.js';
import { call } from '../../bridge.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { JournalWarnings } from '../../components/JournalWarnings.js';
import { RefreshButton, SectionHead } from '../../components/SectionHead.js';
import { useAction } from '../../hooks/useAction.js';
import { useLocale } from '../../hooks/useLocale.js';
import { usePoiOf } from '../../hooks/usePoiOf.js';
import { useRemote } from '../../hooks/useRemote.js';
import { useT } from '../../i18n/useT.js';
import { STATUS_MESSAGES, downloadExport, localDayOf, registerWords } from '../../logic/history.js';
import { useApp } from '../../store/app.js';
import { CloseDay } from './CloseDay.js';
import { HistoryRows } from './HistoryRows.js';
import { PeriodClosings } from './PeriodClosings.js';
import { ScopeChoice, StoreDown } from './ScopeChoice.js';
import { StoreDayStatus } from './StoreDayStatus.js';
import { TakingsChart } from './TakingsChart.js';
import { TotalsPanel } from './TotalsPanel.js';
import { ZReport } from './ZReport.js';
import { JournalArchive } from './JournalArchive.js';
import { PeopleTotals } from './PeopleTotals.js';
import { personWords } from '../../logic/person-words.js';

const CURRENCY = 'EUR';

/**
 * Any past day or range: totals, takings by hour, every payment, the accountant's CSV, the Z report,
 * closing. In store mode the manager reads this register's journal or the whole store's, from
 * the store, with the same totals.
 */
export function DayHistory() {
  const t = useT();
  const locale = useLocale();
  const poiOf = usePoiOf();
  const appState = useApp((s) => s.appState);
  const storeMode = Boolean(appState?.store);
  const today = localDayOf(Date.now());
  const [query, setQuery] = useState<HistoryQuery>({ from: today, to: today });
  // A register working alone has no store to ask, whatever was chosen before.
  const scope: HistoryScope = storeMode && query.scope === 'store' ? 'store' : 'register';
  const asked: HistoryQuery = { ...query, scope };
  const history = useRemote(() => call('journalHistory', asked), JSON.stringify(asked));
  const exporting = useAction();
  // Figures from an earlier answer never stand under an error, as if they were current.
  const view = !history.error && history.data?.scope === scope ? history.data : null;
  const single = query.from === query.to;
  const registerName = registerWords(t, view?.registerNames ?? {}, appState?.registerId);
  const set = (patch: Partial<HistoryQuery>) => setQuery((q) => {
    const next = { ...q, ...patch };
    for (const k of ['registerId', 'terminalId', 'status', 'search', 'cashier'] as const) if (!next[k]) delete next[k];
    return next;
  });
  const storeDown = history.error?.reason === 'history.store_unavailable' ? history.error : null;

  // The file's words (refusal reasons, totals), decimal commas and dates follow the screen's language.
  const exportAs = async (format: ExportFormat) => {
    const res = await exporting.run(() => call('exportJournal', { from: query.from, to: query.to, scope, format, language: languageOf(locale) ?? 'en' }));
    if (res.ok) downloadExport(res.value);
  };

  return (
    <section className="bo-section" aria-labelledby="history-heading">
      <SectionHead id="history-heading" title={t('history.title')}>
        <RefreshButton onClick={history.reload} />
      </SectionHead>
      {storeMode && <ScopeChoice scope={scope} onChange={(s) => set({ scope: s, registerId: '' })} />}
      <div className="history-filters">
        <label>{t('history.filter.from')} <input type="date" value={query.from} onChange={(e) => e.target.value && set({ from: e.target.value, ...(e.target.value > query.to ? { to: e.target.value } : {}) })} /></label>
        <label>{t('history.filter.to')} <input type="date" value={query.to} onChange={(e) => e.target.value && set({ to: e.target.value, ...(e.target.value < query.from ? { from: e.target.value } : {}) })} /></label>
        {scope === 'store' && (
          <FilterSelect label={t('history.filter.register')} all={t('history.filter.allRegisters')} value={query.registerId}
            options={(view?.registers ?? []).map((r) => ({ value: r, words: registerName(r) }))} onChange={(v) => set({ registerId: v })} />
        )}
        <FilterSelect label={t('history.filter.terminal')} all={t('history.filter.all')} value={query.terminalId}
          options={(view?.terminals ?? []).map((id) => ({ value: id, words: poiOf(id) }))} onChange={(v) => set({ terminalId: v })} />
        <FilterSelect label={t('history.filter.status')} all={t('history.filter.all')} value={query.status}
          options={(Object.keys(STATUS_MESSAGES) as ReportStatus[]).map((s) => ({ value: s, words: t(STATUS_MESSAGES[s]) }))}
          onChange={(v) => set({ status: (v || undefined) as ReportStatus | undefined })} />
        <FilterSelect label={t('shift.person')} all={t('shift.everyone')} value={query.cashier}
          options={(view?.people ?? []).map((p) => ({ value: p.key, words: personWords(t, p) }))} onChange={(v) => set({ cashier: v })} />
        <label>{t('history.filter.search')} <input type="search" value={query.search ?? ''} placeholder={t('history.filter.searchHint')} maxLength={100} onChange={(e) => set({ search: e.target.value })} /></label>
      </div>
      <div className="history-actions">
        <button type="button" className="btn btn-secondary" onClick={() => void exportAs('csv')} disabled={exporting.busy || !view}>{t('history.export')}</button>
        <button type="button" className="btn btn-secondary" onClick={() => void exportAs('excel')} disabled={exporting.busy || !view}>{t('history.exportExcel')}</button>
        <button type="button" className="btn btn-secondary" onClick={() => void exportAs('xlsx')} disabled={exporting.busy || !view}>{t('history.exportXlsx')}</button>
        <button type="button" className="btn btn-secondary" onClick={() => window.print()} disabled={!view}>{t('history.print')}</button>
      </div>
      {storeDown ? <StoreDown error={storeDown} onShowRegister={() => set({ scope: 'register' })} /> : <ErrorAlert error={history.error ?? exporting.error} />}
      {view && <JournalWarnings warnings={view.damaged} />}
      {scope === 'store' && storeForks(view?.chainForks ?? [], appState?.registerId, appState?.store?.fork).map((f) => (
        <p key={f.registerId} role="alert" className="alert alert-error">{t('store.fork', { name: registerName(f.registerId), from: f.from, to: f.to })}</p>
      ))}
      {view && view.chainBroken.length > 0 && <p role="alert" className="alert alert-error">{t('history.chainBroken', { days: view.chainBroken.join(', ') })}</p>}
      {view && (
        <>
          <TotalsPanel totals={view.totals} locale={locale} currency={CURRENCY} terminalName={poiOf} registerName={registerName} />
          <PeopleTotals view={view} locale={locale} currency={CURRENCY} shiftDay={single && scope === 'register' ? query.from : null} />
          <TakingsChart byHour={view.totals.byHour} locale={locale} currency={CURRENCY} />
          {single && scope === 'register' && <CloseDay view={view} day={query.from} locale={locale} currency={CURRENCY} onChanged={() => history.reload()} />}
          {single && scope === 'store' && <StoreDayStatus view={view} registerName={registerName} />}
          {scope === 'register' && <PeriodClosings shown={view} locale={locale} currency={CURRENCY} />}
          <HistoryRows rows={view.rows} locale={locale} multiDay={!single} terminalName={poiOf} registerName={registerName} {...(scope === 'register' ? { onChanged: () => history.reload() } : {})} />
          <ZReport view={view} locale={locale} currency={CURRENCY} shopName={appState?.organization?.name ?? ''} printedAt={Date.now()} terminalName={poiOf} registerName={registerName} />
        </>
      )}
      {scope === 'register' && <JournalArchive today={today} />}
    </section>
  );
}

interface FilterSelectProps {
  label: string;
  /** The first choice, which filters nothing. */
  all: string;
  value: string | undefined;
  options: readonly { value: string; words: string }[];
  onChange: (value: string) => void;
}

/** One filter of the journal: every value first, then each one in the screen's words. */
function FilterSelect({ label, all, value, options, onChange }: FilterSelectProps) {
  return (
    <label>{label}
      <select value={value ?? ''} onChange={(e) => onChange(e.target.value)}>
        <option value="">{all}</option>
        {options.map((o) => <option key={o.value} value={o.value}>{o.words}</option>)}
      </select>
    </label>
  );
}

type Fork = { registerId: string; from: number; to: number };

/** Every register whose chain restarted or was copied, as the store holds them; this register's own as its shipper found it when the store does not show it yet. */
function storeForks(inStore: Fork[], ownId: string | undefined, own: { from: number; to: number } | null | undefined): Fork[] {
  if (!own || !ownId || inStore.some((f) => f.registerId === ownId)) return inStore;
  return [...inStore, { registerId: ownId, ...own }];
}
