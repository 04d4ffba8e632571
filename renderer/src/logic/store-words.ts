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
