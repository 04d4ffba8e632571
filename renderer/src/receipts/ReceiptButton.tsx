/**
 * The Receipt action beside a paid payment (the counter's paid screen, the journal), and
 * the Refund receipt action beside each of its refunds (the journal, the counter's Today list).
 * On the counter, a register set to print by itself opens and prints the receipt
 * once, as soon as the sale is paid.
 */
import { useEffect, useState } from 'react';
import { call } from '../bridge.js';
import { useT } from '../i18n/useT.js';
import { ReceiptDialog } from './ReceiptDialog.js';

/** Payments already printed by themselves in this window: coming back to the paid screen never prints twice. */
const autoPrinted = new Set<string>();

interface Props {
  attemptId: string;
  day?: string | null;
  /** The counter's paid screen: honour "print by itself". */
  autoPrint?: boolean;
  className?: string;
}

export function ReceiptButton({ attemptId, day = null, autoPrint = false, className = 'btn btn-secondary btn-large' }: Props) {
  const t = useT();
  const [open, setOpen] = useState<'asked' | 'auto' | null>(null);

  useEffect(() => {
    if (!autoPrint || autoPrinted.has(attemptId)) return;
    autoPrinted.add(attemptId);
    void call('receiptPrinting', undefined).then((res) => {
      if (res.ok && res.value.autoPrint) setOpen('auto');
    });
  }, [autoPrint, attemptId]);

  return (
    <>
      <button type="button" className={className} onClick={() => setOpen('asked')}>{t('receipt.action')}</button>
      {open && <ReceiptDialog target={{ kind: 'sale', attemptId, day }} printOnOpen={open === 'auto'} onClose={() => setOpen(null)} />}
    </>
  );
}

/** The receipt of one refund, beside it under its payment in the journal (`saleDay`: the payment's day). */
export function RefundReceiptButton({ refundId, saleDay, label, className = 'btn btn-secondary' }: { refundId: string; saleDay: string; label: string; className?: string }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={className} aria-label={`${t('receipt.refundAction')}: ${label}`} onClick={() => setOpen(true)}>{t('receipt.refundAction')}</button>
      {open && <ReceiptDialog target={{ kind: 'refund', refundId, day: saleDay }} onClose={() => setOpen(false)} />}
    </>
  );
}
