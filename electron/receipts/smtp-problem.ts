/**
 * What an SMTP failure means for the cashier, one cause per message: the server not
 * answering, the login refused, a secure connection required, the recipient refused,
 * or the message not taken for another reason. Only a refused recipient is final:
 * trying again cannot change it, so the address is dropped and the cashier told.
 */
import type { MailProblem } from '../../shared/domain/receipt.js';

interface SmtpError {
  code?: unknown;
  responseCode?: unknown;
  command?: unknown;
  response?: unknown;
  message?: unknown;
}

const NOT_ANSWERING = new Set(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ECONNREFUSED', 'ECONNRESET', 'EHOSTUNREACH', 'ENOTFOUND']);

export function smtpProblem(e: unknown): MailProblem {
  const err = (typeof e === 'object' && e !== null ? e : {}) as SmtpError;
  const code = typeof err.code === 'string' ? err.code : '';
  const status = typeof err.responseCode === 'number' ? err.responseCode : 0;
  const said = `${typeof err.response === 'string' ? err.response : ''} ${typeof err.message === 'string' ? err.message : ''}`;
  const command = typeof err.command === 'string' ? err.command.toUpperCase() : '';
  if (status === 530 && /STARTTLS|TLS/i.test(said)) return 'tls_required';
  if (code === 'ETLS' || /must issue a STARTTLS/i.test(said)) return 'tls_required';
  if (code === 'EAUTH' || status === 535 || status === 534) return 'login_refused';
  if (command.startsWith('RCPT') && status >= 500) return 'recipient_refused';
  if (code === 'EENVELOPE' && status >= 500 && /recipient|mailbox|user/i.test(said)) return 'recipient_refused';
  if (NOT_ANSWERING.has(code)) return 'not_answering';
  return 'rejected';
}

/** Final: trying the same address again cannot succeed. */
export const isFinalProblem = (p: MailProblem): boolean => p === 'recipient_refused';
