/**
 * Receipts at this register, for a manager: the paper and printer, printing by
 * itself after each paid sale, the footer line, whether refund receipts print the
 * manager's reason, and the shop's mail server (host,
 * port, TLS, user, password; the password is kept encrypted and never shown back).
 * A mail server set when Counterpay started is shown read-only.
 */
import { useEffect, useState } from 'react';
import { RECEIPT_PAPERS, type ReceiptPaper, type ReceiptSettingsView } from '../../../../shared/domain/receipt.js';
import type { MessageId } from '../../../../shared/i18n/catalogs/en.js';
import type { Req } from '../../../../shared/ipc/contract.js';
import { call } from '../../bridge.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { TextField } from '../../components/TextField.js';
import { useAction } from '../../hooks/useAction.js';
import { useT } from '../../i18n/useT.js';
import { placeIssues } from '../../logic/issues.js';
import { ReceiptMailServer } from './ReceiptMailServer.js';

const FIELD_POINTERS = { printer: ['/printer'], footer: ['/footer'], mailFrom: ['/mailFrom'] };

export function ReceiptPanel() {
  const t = useT();
  const [view, setView] = useState<ReceiptSettingsView | null>(null);
  const load = useAction();
  useEffect(() => {
    void load.run(() => call('getReceiptSettings', undefined)).then((res) => res.ok && setView(res.value));
    // Loaded once when the panel opens; a save hands back the fresh view.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <section className="settings-block" aria-labelledby="receipt-settings-heading">
      <h3 id="receipt-settings-heading">{t('receipt.settings.title')}</h3>
      <ErrorAlert error={load.error} />
      {view && <ReceiptForm view={view} onSaved={setView} />}
    </section>
  );
}

function ReceiptForm({ view, onSaved }: { view: ReceiptSettingsView; onSaved: (v: ReceiptSettingsView) => void }) {
  const t = useT();
  const action = useAction();
  const [paper, setPaper] = useState<ReceiptPaper>(view.paper);
  const [printer, setPrinter] = useState(view.printer ?? '');
  const [autoPrint, setAutoPrint] = useState(view.autoPrint);
  const [refundReason, setRefundReason] = useState(view.refundReason);
  const [footer, setFooter] = useState(view.footer ?? '');
  const [mailFrom, setMailFrom] = useState(view.mailFrom ?? '');
  const remote = placeIssues(action.error?.issues, FIELD_POINTERS);

  const save = async (mailServer?: Req<'saveReceiptSettings'>['mailServer']) => {
    const req = { paper, printer: printer.trim() || null, autoPrint, refundReason, footer: footer.trim() || null, mailFrom: mailFrom.trim() || null, ...(mailServer !== undefined ? { mailServer } : {}) };
    const res = await action.run(() => call('saveReceiptSettings', req), t('receipt.settings.saved'));
    if (res.ok) onSaved(res.value);
    return res.ok;
  };

  return (
    <>
    <form className="receipt-settings" noValidate onSubmit={(e) => { e.preventDefault(); void save(); }}>
      <div className="form-grid">
        <div className="field">
          <label htmlFor="receipt-paper">{t('receipt.settings.paper')}</label>
          <select id="receipt-paper" value={paper} onChange={(e) => setPaper(e.target.value as ReceiptPaper)}>
            {RECEIPT_PAPERS.map((p) => <option key={p} value={p}>{t(`receipt.settings.paper.${p}` satisfies MessageId)}</option>)}
          </select>
        </div>
        <TextField label={t('receipt.settings.printer')} value={printer} onChange={setPrinter} issues={remote.byField.printer} />
        <TextField label={t('receipt.settings.footer')} value={footer} onChange={setFooter} issues={remote.byField.footer} />
        <TextField label={t('receipt.settings.mail.from')} type="email" value={mailFrom} onChange={setMailFrom} issues={remote.byField.mailFrom} />
      </div>
      <label className="check-row">
        <input type="checkbox" checked={autoPrint} onChange={(e) => setAutoPrint(e.target.checked)} />
        <span>{t('receipt.settings.autoPrint')}</span>
      </label>
      <label className="check-row">
        <input type="checkbox" checked={refundReason} onChange={(e) => setRefundReason(e.target.checked)} />
        <span>{t('receipt.settings.refundReason')}</span>
      </label>
      <ErrorAlert error={action.error} issues={remote.rest} />
      {action.done && <div className="alert alert-success" role="status">{action.done}</div>}
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={action.busy}>{t('receipt.settings.save')}</button>
      </div>
    </form>
    <ReceiptMailServer view={view.mail} busy={action.busy} onSave={save} />
    </>
  );
}
