/**
 * A month's or a year's journal in one file for the accountant or auditor, signed by this
 * register (docs/archives.md): the manager picks the period and says who archives it, then where
 * to save it; the main process writes the file there byte for byte (a busy year is hundreds of
 * megabytes, which never come through this page), since its signature covers every byte.
 */
import { useState } from 'react';
import { call } from '../../bridge.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { useAction } from '../../hooks/useAction.js';
import { useT } from '../../i18n/useT.js';
import type { ArchivePeriod } from '../../../../shared/ipc/archive-requests.js';

export function JournalArchive({ today }: { today: string }) {
  const t = useT();
  const [month, setMonth] = useState(today.slice(0, 7));
  const [year, setYear] = useState(today.slice(0, 4));
  const [name, setName] = useState('');
  const action = useAction();
  const [done, setDone] = useState<string | null>(null);
  const archive = async (period: ArchivePeriod) => {
    setDone(null);
    const res = await action.run(() => call('archiveJournal', { period, value: period === 'month' ? month : year, by: name }));
    // Cancelled in the save dialog: nothing was written, nothing to say.
    if (!res.ok || !res.value.saved) return;
    setDone(t('archive.done', { records: res.value.records, signatures: res.value.signatures }));
  };
  const ready = name.trim() !== '' && !action.busy;
  return (
    <div className="close-day journal-archive" role="group" aria-labelledby="archive-heading">
      <h3 id="archive-heading">{t('archive.title')}</h3>
      <p>{t('archive.intro')}</p>
      <form className="close-form" onSubmit={(e) => e.preventDefault()}>
        <label>{t('archive.yourName')} <input value={name} onChange={(e) => setName(e.target.value)} maxLength={60} required /></label>
        <label>{t('archive.month')} <input type="month" value={month} max={today.slice(0, 7)} onChange={(e) => e.target.value && setMonth(e.target.value)} /></label>
        <button type="button" className="btn btn-secondary" disabled={!ready || !/^\d{4}-\d{2}$/.test(month)} onClick={() => void archive('month')}>{t('archive.doMonth')}</button>
        <label>{t('archive.year')} <input type="number" value={year} min={2000} max={Number(today.slice(0, 4))} onChange={(e) => setYear(e.target.value)} /></label>
        <button type="button" className="btn btn-secondary" disabled={!ready || !/^\d{4}$/.test(year)} onClick={() => void archive('year')}>{t('archive.doYear')}</button>
      </form>
      <ErrorAlert error={action.error} onDismiss={action.dismissError} />
      {done && <p className="done" role="status">{done}</p>}
    </div>
  );
}
