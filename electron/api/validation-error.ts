/**
 * Thrown before anything is sent when our own input breaks a rule (client body,
 * payment amount, idempotency key, ids). Distinct from BankApiError: the bank
 * never saw this request, so there is nothing to retry and no trace id.
 */
import type { FieldIssue } from '../../shared/result.js';

export class ValidationError extends Error {
  readonly issues: FieldIssue[];

  constructor(what: string, issues: FieldIssue[]) {
    const first = issues[0];
    const more = issues.length > 1 ? ` (and ${issues.length - 1} more)` : '';
    super(`${what} was not sent: ${first ? `${first.pointer} ${first.detail}` : 'invalid input'}${more}`);
    this.name = 'ValidationError';
    this.issues = issues;
  }
}

export function isValidationError(e: unknown): e is ValidationError {
  return e instanceof ValidationError;
}
