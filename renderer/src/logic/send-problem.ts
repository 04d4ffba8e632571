/**
 * Why a payment is being resent, in words a cashier can act on. The bank's
 * route, status and trace id mean nothing at the till; they stay in the back
 * office journal entry (JournalEntry), where support asks for them.
 */
import type { AttemptError } from '../../../shared/domain/attempt.js';
import type { MessageId } from '../../../shared/i18n/catalogs/en.js';
import type { Translate } from '../../../shared/i18n/translate.js';

const TRANSPORT_WORDS: Record<Exclude<AttemptError['kind'], 'http' | 'unauthorized'>, MessageId> = {
  connect_refused: 'send.unreachable',
  timeout: 'send.timeout',
  reset: 'send.reset',
  network: 'send.network',
  aborted: 'send.aborted',
  session_ended: 'send.sessionEnded',
};

function httpWords(status: number | undefined): MessageId {
  if (status === 401) return 'send.notSignedIn';
  if (status === 429) return 'send.wait';
  if (status !== undefined && status >= 500 && status <= 599) return 'send.bankProblem';
  // Other statuses end the attempt as rejected; if one is ever resent, say no more than we know.
  return 'send.notYet';
}

function problemOf(error: AttemptError | null): MessageId {
  if (error === null) return 'send.unreachable';
  if (error.kind === 'unauthorized') return 'send.notSignedIn';
  if (error.kind === 'http') return httpWords(error.status);
  // A kind this build does not know (a journal written by another version) claims no cause.
  return TRANSPORT_WORDS[error.kind] ?? 'send.unreachable';
}

/** One plain sentence for the last send failure; no failure recorded yet reads as "could not be reached". */
export function sendProblemWords(error: AttemptError | null, t: Translate): string {
  return t(problemOf(error));
}
