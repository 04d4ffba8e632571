/**
 * Store mode, in a payment's technical detail: whether the register held the terminal's lease
 * when the payment left, or charged without one (store down, the cashier confirmed the terminal
 * free). Nothing for a register working alone. Its own file so the journal screens need one line.
 */
import type { LeaseMark } from '../../../shared/domain/attempt.js';
import { useT } from '../i18n/useT.js';

export function LeaseFact({ lease }: { lease: LeaseMark | null }) {
  const t = useT();
  if (lease === null) return null;
  return <div className="wide"><dt>{t('store.lease.label')}</dt><dd>{t(lease === 'held' ? 'store.lease.held' : 'store.lease.noneStoreDown')}</dd></div>;
}
