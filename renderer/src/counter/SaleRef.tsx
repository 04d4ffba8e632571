/**
 * The sale as the shop knows it (order reference or the note's first words), and
 * the idempotency key kept one click away for support: the key identifies the
 * payment at the bank, the reference is what the cashier typed and recognises.
 */
import { shortKey, type Attempt } from '../../../shared/domain/attempt.js';
import { saleReference } from '../../../shared/domain/sale-reference.js';
import { useT } from '../i18n/useT.js';

/** The reference in words (a note's says so itself), or null when the cashier typed neither an order reference nor a note. */
export function useSaleRefText(): (attempt: Attempt) => { text: string; startsWithLabel: boolean } | null {
  const t = useT();
  return (attempt) => {
    const ref = saleReference(attempt.metadata);
    if (!ref) return null;
    return ref.from === 'order' ? { text: ref.text, startsWithLabel: false } : { text: t('glance.ref.note', { text: ref.text }), startsWithLabel: true };
  };
}

/** The key, folded: a cashier never needs it unless support asks. */
export function KeyDetails({ attempt, compact = false }: { attempt: Attempt; compact?: boolean }) {
  const t = useT();
  return (
    <details className={`tech-details ${compact ? 'is-compact' : ''}`}>
      <summary>{t('glance.tech.summary')}</summary>
      <p>{t('glance.tech.keyHelp')} <span className="mono">{t('attempt.key', { key: shortKey(attempt.idempotencyKey) })}</span></p>
    </details>
  );
}
