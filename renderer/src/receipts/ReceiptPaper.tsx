/**
 * The receipt as the customer gets it, in their language, laid out for the paper
 * in Settings. The same lines the e-mail is made of (shared/i18n/receipt-lines.ts).
 * Printing shows only the copy rendered straight into <body>, so the printed page
 * holds the receipt and nothing of the counter behind it.
 */
import { PrintedCopy } from '../components/PrintedCopy.js';
import type { Receipt, ReceiptPaper as Paper } from '../../../shared/domain/receipt.js';
import type { Language } from '../../../shared/i18n/languages.js';
import { receiptLines, type ReceiptLine } from '../../../shared/i18n/receipt-lines.js';
import { LanguageProvider } from '../i18n/I18nProvider.js';
import { useT } from '../i18n/useT.js';

interface Props {
  receipt: Receipt;
  language: Language;
  paper: Paper;
  paperRef?: React.Ref<HTMLDivElement>;
}

function Line({ line }: { line: ReceiptLine }) {
  if (line.value === undefined) return <p className={`receipt-line receipt-${line.kind}`}>{line.text}</p>;
  return (
    <div className={`receipt-line receipt-${line.kind}`}>
      <span>{line.text}</span>
      <span className="receipt-value">{line.value}</span>
    </div>
  );
}

/** Worded in the customer's language, whatever the screen's: its own catalog, fetched once. */
function Paper(props: Props & { className: string }) {
  return (
    <LanguageProvider language={props.language} documentLanguage={false}>
      <PaperLines {...props} />
    </LanguageProvider>
  );
}

function PaperLines({ receipt, language, paper, paperRef, className }: Props & { className: string }) {
  const lines = receiptLines(receipt, language, useT());
  return (
    <div ref={paperRef} className={`receipt-paper paper-${paper} ${className}`} lang={language}>
      {lines.map((line, i) => <Line key={`${i}-${line.kind}`} line={line} />)}
    </div>
  );
}

export function ReceiptPaper(props: Props) {
  return (
    <PrintedCopy
      bodyClass="printing-receipt"
      onScreen={<Paper {...props} className="receipt-on-screen" />}
      forPrint={<Paper {...props} paperRef={undefined} className="receipt-for-print" />}
    />
  );
}
