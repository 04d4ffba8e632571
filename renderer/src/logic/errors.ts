/** An IpcError in words a cashier or manager can act on (what happened, then the detail). */
import type { IpcError, IpcErrorCode } from '../../../shared/ipc/types.js';
import type { FieldIssue } from '../../../shared/result.js';

const HEADLINES: Record<IpcErrorCode, string> = {
  invalid_request: 'Something in the form is not right',
  bank_rejected: 'The bank refused the request',
  bank_unavailable: 'The bank could not be reached',
  not_found: 'Not found at the bank',
  conflict: 'Not possible right now',
  forbidden: 'Not allowed',
  signed_out: 'Not signed in to the bank',
  locked: 'Manager PIN required',
  internal: 'Something went wrong in Counterpay',
};

const STATUS_WORDS: Record<number, string> = {
  401: 'the bank no longer accepts the sign-in',
  403: 'your role at the bank, or a permission this app was not granted, does not allow this',
  404: 'the bank does not know this item',
  410: 'this bank route has been retired',
  422: 'the bank found a problem with the data',
  429: 'too many requests, try again in a moment',
};

export function errorHeadline(error: IpcError): string {
  const headline = HEADLINES[error.code] ?? 'Error';
  if (error.status === undefined) return headline;
  const words = STATUS_WORDS[error.status];
  return words ? `${headline} (${error.status}): ${words}` : `${headline} (${error.status})`;
}

/**
 * The first error item is already the message (alone, or after its pointer):
 * listing it again under it printed every one-item refusal (a 403, typically) twice.
 */
export function extraIssues(error: IpcError, issues: readonly FieldIssue[]): FieldIssue[] {
  return issues.filter((i) => i.detail !== error.message && `${i.pointer}: ${i.detail}` !== error.message);
}
