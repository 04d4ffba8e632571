/**
 * Why a payment is being resent, in words a cashier can act on. The bank's
 * route, status and trace id mean nothing at the till; they stay in the back
 * office journal entry (JournalEntry), where support asks for them.
 */
import type { AttemptError } from '../../../shared/domain/attempt.js';

const NOT_SIGNED_IN = 'This register is not signed in to the bank. A manager must sign in; the payment will be resent with the same key.';

const UNREACHABLE = 'The bank could not be reached.';

const SESSION_ENDED = 'The bank ended this register\'s session. A manager must sign in again; the payment keeps its key and is sent after the sign-in.';

const TRANSPORT_WORDS: Record<Exclude<AttemptError['kind'], 'http' | 'unauthorized'>, string> = {
  connect_refused: UNREACHABLE,
  timeout: 'The bank did not answer in time.',
  reset: 'The connection to the bank was cut.',
  network: 'The network is not working.',
  aborted: 'Sending was interrupted before the bank answered.',
  session_ended: SESSION_ENDED,
};

function httpWords(status: number | undefined): string {
  if (status === 401) return NOT_SIGNED_IN;
  if (status === 429) return 'The bank asked us to wait a moment.';
  if (status !== undefined && status >= 500 && status <= 599) return 'The bank had a temporary problem.';
  // Other statuses end the attempt as rejected; if one is ever resent, say no more than we know.
  return 'The bank could not take the payment yet.';
}

/** One plain sentence for the last send failure; null means no failure was recorded yet. */
export function sendProblemWords(error: AttemptError | null): string {
  if (error === null) return UNREACHABLE;
  if (error.kind === 'unauthorized') return NOT_SIGNED_IN;
  if (error.kind === 'http') return httpWords(error.status);
  // A kind this build does not know (a journal written by another version) claims no cause.
  return TRANSPORT_WORDS[error.kind] ?? UNREACHABLE;
}
