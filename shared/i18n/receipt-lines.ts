/**
 * A receipt in words, in the customer's language: the one list of lines the
 * screen, the printed page and the e-mail (plain text and HTML) are all made
 * from, so they can never say different things. A refund's receipt has its own title, points at
 * the sale's receipt and date, and gives the amount refunded and where instead of the sale's amounts.
 */
import type { Receipt } from '../domain/receipt.js';
import { formatMoney, minorToDecimalString } from '../money.js';
import { paymentMethodWords } from './bank-words.js';
import { intlLocaleOf, type Language } from './languages.js';
import type { Translate } from './translate.js';
import type { MessageId } from './catalogs/en.js';
import { escapeHtml as escape } from '../html.js';

export type ReceiptLineKind = 'banner' | 'shop' | 'address' | 'title' | 'fact' | 'amount' | 'total' | 'notice' | 'footer';

export interface ReceiptLine {
  kind: ReceiptLineKind;
  text: string;
  /** Facts and amounts: the value shown on the right. */
  value?: string;
}

function moneyIn(minor: number, currency: string, locale: string): string {
  try {
    return formatMoney(minor, currency, locale);
  } catch {
    return `${minorToDecimalString(minor)} ${currency}`;
  }
}

/**
 * t: the customer's language's translator, handed in by each process (the main process parses
 * the catalogs; the renderer has them compiled, with no parser shipped).
 */
export function receiptLines(r: Receipt, language: Language, t: Translate): ReceiptLine[] {
  const locale = intlLocaleOf(language);
  const money = (minor: number) => moneyIn(minor, r.currency, locale);
  const lines: ReceiptLine[] = [];
  if (r.training) lines.push({ kind: 'banner', text: t('receipt.paper.training') });
  lines.push({ kind: 'shop', text: r.shop.name });
  if (r.shop.address) lines.push({ kind: 'address', text: r.shop.address });
  const refund = r.refund;
  lines.push({ kind: 'title', text: t(refund ? 'receipt.paper.refundTitle' : 'receipt.paper.title') });
  if (r.duplicate) lines.push({ kind: 'banner', text: t('receipt.paper.duplicate') });
  const fact = (text: string, value: string | null) => {
    if (value !== null) lines.push({ kind: 'fact', text, value });
  };
  const when = (at: number) => t('receipt.paper.when', { at: new Date(at) });
  fact(t('receipt.paper.number'), r.number);
  fact(t('receipt.paper.date'), when(r.paidAt));
  fact(t('receipt.paper.register'), r.register);
  fact(t('receipt.paper.cashier'), r.cashier);
  fact(t('receipt.paper.terminal'), r.terminal);
  if (refund) {
    fact(t('receipt.paper.originalNumber'), refund.originalNumber);
    fact(t('receipt.paper.originalDate'), when(refund.originalPaidAt));
  }
  fact(t('receipt.paper.orderReference'), r.orderReference);
  if (refund) {
    lines.push({ kind: 'total', text: t('receipt.paper.refunded'), value: money(refund.refundedMinor) });
    const where = refund.where;
    fact(t('receipt.paper.refundedThrough'), t(`receipt.paper.where.${where}` satisfies MessageId));
    fact(t('receipt.paper.reason'), refund.reason);
  } else {
    fact(t('receipt.paper.note'), r.note);
    lines.push({ kind: 'amount', text: t('receipt.paper.asked'), value: money(r.askedMinor) });
    if (r.tipMinor > 0) lines.push({ kind: 'amount', text: t('receipt.paper.tip'), value: money(r.tipMinor) });
    lines.push({ kind: 'total', text: t('receipt.paper.paid'), value: money(r.paidMinor) });
  }
  const method = r.cardMethod ? paymentMethodWords(r.cardMethod) : t('receipt.paper.anyCard');
  fact(t('receipt.paper.card'), r.cardLast4 ? t('receipt.paper.cardEnding', { method, last4: r.cardLast4 }) : method);
  lines.push({ kind: 'notice', text: t('receipt.paper.notASlip') });
  if (r.shop.footer) lines.push({ kind: 'footer', text: r.shop.footer });
  return lines;
}

/** The plain-text form (the e-mail's text part): one line each, values after their label. */
export function receiptText(lines: readonly ReceiptLine[]): string {
  return lines.map((l) => (l.value === undefined ? l.text : `${l.text}: ${l.value}`)).join('\n') + '\n';
}

/** The HTML form (the e-mail's HTML part): a narrow table that reads like the paper one. */
export function receiptHtml(lines: readonly ReceiptLine[], language: Language): string {
  const rows = lines.map((l) => {
    const strong = l.kind === 'total' || l.kind === 'shop' || l.kind === 'banner' || l.kind === 'title';
    const cell = (s: string) => (strong ? `<strong>${escape(s)}</strong>` : escape(s));
    return l.value === undefined
      ? `<tr><td colspan="2" style="text-align:center;padding:2px 0">${cell(l.text)}</td></tr>`
      : `<tr><td style="padding:2px 8px 2px 0">${cell(l.text)}</td><td style="text-align:right;padding:2px 0">${cell(l.value)}</td></tr>`;
  });
  return `<!doctype html><html lang="${language}"><body style="font-family:sans-serif"><table style="max-width:360px;margin:0 auto;border-collapse:collapse">${rows.join('')}</table></body></html>`;
}
