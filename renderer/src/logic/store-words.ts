/** Store mode in the screen's words: each problem code the main process names, and the link's state. */
import type { MessageId } from '../../../shared/i18n/catalogs/en.js';
import { STORE_PROBLEM_CODES, type StoreLinkView, type StoreProblemCode } from '../../../shared/ipc/types.js';

/** Each problem code's words: the catalogs key them by the code itself, so no table maps one to the other. */
export const storeProblemWords = (code: StoreProblemCode): MessageId => `store.problem.${code}` satisfies MessageId;

export const STORE_STATUS_WORDS: Record<StoreLinkView['status'], MessageId> = {
  connecting: 'store.status.connecting',
  connected: 'store.status.connected',
  down: 'store.status.down',
  refused: 'store.status.refused',
};

/** The refusals of Settings' store actions (reason store.<code>): what went wrong and that nothing changed. */
export const STORE_REFUSALS: Record<string, { title: MessageId; next: MessageId }> = {
  ...Object.fromEntries(STORE_PROBLEM_CODES.map((code) => [`store.${code}`, { title: 'store.save.failed' as MessageId, next: storeProblemWords(code) }])),
  'store.set_at_start': { title: 'store.save.failed', next: 'store.problem.setAtStart' },
  'store.no_environment': { title: 'store.save.failed', next: 'store.problem.noEnvironment' },
  'store.sale_open': { title: 'error.conflict.title', next: 'store.problem.saleOpen' },
};

/** A lease or release waiting on the store, as the top bar says it. */
export const STORE_WAITING_WORDS: Record<NonNullable<StoreLinkView['waiting']>, MessageId> = {
  lease: 'topbar.store.leaseWaiting',
  release: 'topbar.store.releaseWaiting',
};

/** How far this register's clock is off the store's, in the screen's language: minutes from two minutes on, else seconds. */
export function clockSkewWords(aheadSeconds: number, locale: string): { id: MessageId; duration: string } {
  const abs = Math.abs(aheadSeconds);
  const unit = abs >= 120 ? 'minute' : 'second';
  const duration = new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'long', maximumFractionDigits: 0 }).format(unit === 'minute' ? Math.round(abs / 60) : abs);
  return { id: aheadSeconds > 0 ? 'store.clock.ahead' : 'store.clock.behind', duration };
}
