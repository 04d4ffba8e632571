/**
 * A shift summary in a dialog: from the counter ("My shift": the person at the counter, today)
 * or from the back office's day view (a chosen person and day). Another person of the same day
 * can be picked; Print gives the summary alone on paper.
 */
import { useState } from 'react';
import { call } from '../bridge.js';
import { Dialog } from '../components/Dialog.js';
import { ErrorAlert } from '../components/ErrorAlert.js';
import { useLocale } from '../hooks/useLocale.js';
import { useRemote } from '../hooks/useRemote.js';
import { useT } from '../i18n/useT.js';
import { personWords } from '../logic/person-words.js';
import { useApp } from '../store/app.js';
import { ShiftPaper } from './ShiftPaper.js';

interface Props {
  /** Absent: today on the register's clock. */
  day?: string;
  /** A person's key; absent: the person at the counter. */
  person?: string;
  onClose: () => void;
}

const CURRENCY = 'EUR';

export function ShiftDialog({ day, person, onClose }: Props) {
  const t = useT();
  const locale = useLocale();
  const shopName = useApp((s) => s.appState?.organization?.name ?? '');
  const [chosen, setChosen] = useState(person);
  const asked = { ...(day ? { day } : {}), ...(chosen ? { person: chosen } : {}) };
  const report = useRemote(() => call('shiftReport', asked), JSON.stringify(asked));
  const shown = report.data;
  return (
    <Dialog title={t('shift.dialog')} onClose={onClose}>
      <ErrorAlert error={report.error} />
      {shown && (
        <>
          {shown.people.length > 1 && (
            <label className="shift-person">{t('shift.person')}{' '}
              <select value={shown.who.key} onChange={(e) => setChosen(e.target.value)}>
                {shown.people.map((p) => <option key={p.key} value={p.key}>{personWords(t, p)}</option>)}
              </select>
            </label>
          )}
          <ShiftPaper report={shown} locale={locale} currency={CURRENCY} shopName={shopName} printedAt={Date.now()} />
        </>
      )}
      <div className="dialog-actions">
        <button type="button" className="btn btn-primary" disabled={!shown} onClick={() => window.print()}>{t('shift.print')}</button>
        <button type="button" className="btn btn-secondary" onClick={onClose}>{t('shift.close')}</button>
      </div>
    </Dialog>
  );
}
