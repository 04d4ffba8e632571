/**
 * A shift summary in a dialog: from the counter ("My shift": the person at the counter, today;
 * or as a cashier signs out for the day, theirs) or from the back office's day view (a chosen
 * person and day). A manager can pick another person of the same day (main gives a cashier their
 * own only); Print puts the summary alone on the receipt paper, as a receipt is printed.
 */
import { useRef, useState } from 'react';
import { call } from '../bridge.js';
import { Dialog } from '../components/Dialog.js';
import { ErrorAlert } from '../components/ErrorAlert.js';
import { useLocale } from '../hooks/useLocale.js';
import { useAction } from '../hooks/useAction.js';
import { useRemote } from '../hooks/useRemote.js';
import { printHeightMm } from '../receipts/print-height.js';
import { useT } from '../i18n/useT.js';
import { personWords } from '../logic/person-words.js';
import { useApp } from '../store/app.js';
import { ShiftPaper } from './ShiftPaper.js';

interface Props {
  /** Absent: today on the register's clock. */
  day?: string;
  /** A person's key; absent: the person at the counter. */
  person?: string;
  /** Shown as the cashier signs out for the day: says their shift is over. */
  ended?: boolean;
  onClose: () => void;
}

const CURRENCY = 'EUR';

export function ShiftDialog({ day, person, ended = false, onClose }: Props) {
  const t = useT();
  const locale = useLocale();
  const shopName = useApp((s) => s.appState?.organization?.name ?? '');
  const [chosen, setChosen] = useState(person);
  const asked = { ...(day ? { day } : {}), ...(chosen ? { person: chosen } : {}) };
  const report = useRemote(() => call('shiftReport', asked), JSON.stringify(asked));
  const printing = useRemote(() => call('receiptPrinting', undefined), 'paper');
  const paper = printing.data?.paper ?? 'a4';
  const paperRef = useRef<HTMLElement>(null);
  const print = useAction();
  const shown = report.data;
  return (
    <Dialog title={t(ended ? 'shift.ended' : 'shift.dialog')} onClose={onClose}>
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
          <ShiftPaper report={shown} locale={locale} currency={CURRENCY} shopName={shopName} printedAt={Date.now()} paper={paper} paperRef={paperRef} />
        </>
      )}
      <ErrorAlert error={print.error} />
      <div className="dialog-actions">
        <button type="button" className="btn btn-primary" disabled={!shown || print.busy}
          onClick={() => void print.run(() => call('printReceipt', { heightMm: printHeightMm(paperRef.current) }))}>{t('shift.print')}</button>
        <button type="button" className="btn btn-secondary" onClick={onClose}>{t('shift.close')}</button>
      </div>
    </Dialog>
  );
}
