/** Errors the core raises on purpose, and the mapping of any thrown value to an IpcError. */
import type { IpcError, IpcErrorCode } from '../../shared/ipc/types.js';
import type { FieldIssue } from '../../shared/result.js';
import { isBankApiError } from '../api/errors.js';
import { isValidationError } from '../api/validation-error.js';

export class CoreError extends Error {
  constructor(readonly code: IpcErrorCode, message: string, readonly issues?: FieldIssue[],
    readonly cause_?: { reason: string; params?: Record<string, string | number> }) {
    super(message);
    this.name = 'CoreError';
  }
}

export function toIpcError(e: unknown): IpcError {
  if (e instanceof CoreError) return { code: e.code, message: e.message, ...(e.issues ? { issues: e.issues } : {}), ...(e.cause_ ?? {}) };
  if (isValidationError(e)) return { code: 'invalid_request', message: e.message, issues: e.issues };
  if (isBankApiError(e)) {
    const status = e.status;
    const first = e.errors[0];
    const issues: FieldIssue[] = e.errors.map((x) => ({
      pointer: x.source?.pointer ?? (x.source?.parameter ? `?${x.source.parameter}` : '/'),
      code: x.code,
      detail: x.detail,
    }));
    const base = { message: first?.detail ?? e.message, ...(status ? { status } : {}), ...(e.traceId ? { traceId: e.traceId } : {}), ...(issues.length ? { issues } : {}) };
    if (e.retryable) return { code: 'bank_unavailable', ...base };
    if (status === 401) return { code: 'signed_out', ...base };
    if (status === 403) return { code: 'forbidden', ...base };
    if (status === 404) return { code: 'not_found', ...base };
    return { code: 'bank_rejected', ...base };
  }
  return { code: 'internal', message: e instanceof Error ? e.message : String(e) };
}
