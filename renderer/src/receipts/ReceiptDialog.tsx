/**
 * The receipt of one paid payment or one refund: opening it makes it (its number,
 * the first time; "Duplicate" after), the cashier picks the customer's language,
 * prints it on the shop's printer or e-mails it.
 */
import { useEffect, useRef, useState } from 'react';
import type { ReceiptView } from '../../../shared/domain/receipt.js';
import { isLanguage, LANGUAGES, type Language } from '../../../shared/i18n/languages.js';
import type { IpcError } from '../../../shared/ipc/types.js';
import { call } from '../bridge.js';
import { openReceiptOf, targetKey, type ReceiptTarget } from './receipt-target.js';
import { Dialog } from '../components/Dialog.js';
import { ErrorAlert } from '../components/ErrorAlert.js';
import { useAction } from '../hooks/useAction.js';
import { useLanguage } from '../i18n/language.js';
import { useT } from '../i18n/useT.js';
import { ReceiptEmail } from './ReceiptEmail.js';
import { ReceiptPaper } from './ReceiptPaper.js';
import { printHeightMm } from './print-height.js';

interface Props {
  target: ReceiptTarget;
  /** After a paid sale with printing by itself on: print as soon as it is made. */
  printOnOpen?: boolean;
  onClose: () => void;
}

export function ReceiptDialog({ target, printOnOpen = false, onClose }: Props) {
  const t = useT();
  const screenLanguage = useLanguage();
  const [view, setView] = useState<ReceiptView | null>(null);
  const [loadError, setLoadError] = useState<IpcError | null>(null);
  const [language, setLanguage] = useState<Language>(isLanguage(screenLanguage) ? screenLanguage : 'en');
  const printing = useAction();
  const paperRef = useRef<HTMLDivElement>(null);
  const printedOnOpen = useRef(false);

  useEffect(() => {
    let live = true;
    void openReceiptOf(target).then((res) => {
      if (!live) return;
      if (res.ok) setView(res.value);
      else setLoadError(res.error);
    });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the key names the target; a new object for the same one opens nothing new
  }, [targetKey(target)]);

  const print = () => {
    void printing.run(() => call('printReceipt', { heightMm: printHeightMm(paperRef.current) }), t('receipt.dialog.printed'));
  };

  useEffect(() => {
    if (view && printOnOpen && !printedOnOpen.current) {
      printedOnOpen.current = true;
      print();
    }
  });

  return (
    <Dialog title={view ? t(view.receipt.refund ? 'receipt.dialog.refundTitle' : 'receipt.dialog.title', { number: view.receipt.number }) : t(target.kind === 'refund' ? 'receipt.refundAction' : 'receipt.action')} onClose={onClose}>
      <ErrorAlert error={loadError} />
      {view && (
        <div className="receipt-dialog">
          <label className="field receipt-language">
            <span>{t('receipt.dialog.language')}</span>
            <select value={language} onChange={(e) => isLanguage(e.target.value) && setLanguage(e.target.value)}>
              {LANGUAGES.map((l) => <option key={l} value={l}>{t(`language.name.${l}`)}</option>)}
            </select>
          </label>
          <ReceiptPaper receipt={view.receipt} language={language} paper={view.paper} paperRef={paperRef} />
          <ReceiptEmail target={target} language={language} ready={view.mailReady} initial={view.mail} />
          <ErrorAlert error={printing.error} />
          {printing.done && <p className="receipt-printed" role="status">{printing.done}</p>}
        </div>
      )}
      <div className="dialog-actions">
        <button type="button" className="btn btn-secondary" onClick={onClose}>{t('receipt.dialog.close')}</button>
        {view && <button type="button" className="btn btn-primary" disabled={printing.busy} onClick={print}>{t('receipt.dialog.print')}</button>}
      </div>
    </Dialog>
  );
}
