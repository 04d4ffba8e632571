/**
 * The error the main process raises on purpose (CoreError: a refusal with a category code, a
 * listed reason and its parameters), and the mapping of any thrown value to the IpcError the
 * renderer receives. The payment engine raises its own EngineRefusal and never imports this.
 */
import type { IpcError, IpcErrorCode } from '../../shared/ipc/types.js';
import { logLine, type Reason, type ReasonParams } from '../../shared/ipc/error-reasons.js';
import type { FieldIssue } from '../../shared/result.js';
import { isBankApiError } from '../api/errors.js';
import { isValidationError } from '../api/validation-error.js';
import { EngineRefusal } from '../payments/engine-refusal.js';

export interface CoreErrorExtras {
  /** Why, for a translation; defaults to the category code. */
  reason?: string;
  params?: Record<string, string | number>;
  /** Technical detail for a manager and the log; never shown as the cashier's sentence. */
  detail?: string;
}

export class CoreError extends Error {
  constructor(readonly code: IpcErrorCode, message: string, readonly issues?: FieldIssue[], readonly extras: CoreErrorExtras = {}) {
    super(message);
    this.name = 'CoreError';
  }

  /** A refusal with a listed reason: the screen words it from the catalogs; the message is the log's line. */
  static of<R extends Reason>(code: IpcErrorCode, reason: R, params: ReasonParams<R>, more: { issues?: FieldIssue[]; detail?: string } = {}): CoreError {
    const p = (params ?? {}) as Record<string, string | number>;
    return new CoreError(code, logLine(reason, params), more.issues, { reason, params: p, ...(more.detail ? { detail: more.detail } : {}) });
  }
}

export const invalidRequest = {
  unknownMethod: (method: string) => CoreError.of('invalid_request', 'request.unknown_method', { method: method.slice(0, 100) }),
  fromIssues(issues: FieldIssue[]): CoreError {
    const first = issues[0] ?? { pointer: '/', detail: 'invalid request' };
    return CoreError.of('invalid_request', 'request.invalid', { pointer: first.pointer, detail: first.detail }, { issues });
  },
};

function technical(e: unknown): string {
  if (e instanceof Error) return `${e.name}: ${e.message}${e.stack ? `\n${e.stack.split('\n').slice(1, 6).join('\n')}` : ''}`;
  return String(e);
}

export function toIpcError(e: unknown): IpcError {
  if (e instanceof CoreError) {
    const { reason = e.code, params = {}, detail } = e.extras;
    return { code: e.code, reason, params, message: e.message, ...(detail ? { detail } : {}), ...(e.issues ? { issues: e.issues } : {}) };
  }
  if (e instanceof EngineRefusal) return { code: e.code, reason: e.reason, params: e.params, message: e.message, ...(e.issues ? { issues: e.issues } : {}) };
  if (isValidationError(e)) return { code: 'invalid_request', reason: 'request.invalid', params: {}, message: e.message, issues: e.issues };
  if (isBankApiError(e)) {
    const status = e.status;
    const first = e.errors[0];
    const issues: FieldIssue[] = e.errors.map((x) => ({
      pointer: x.source?.pointer ?? (x.source?.parameter ? `?${x.source.parameter}` : '/'),
      code: x.code,
      detail: x.detail,
    }));
    const code: IpcErrorCode = e.retryable ? 'bank_unavailable' : status === 401 ? 'signed_out' : status === 403 ? 'forbidden' : status === 404 ? 'not_found' : 'bank_rejected';
    const detail = [status ? `HTTP ${status}` : null, e.traceId ? `trace ${e.traceId}` : null, ...e.errors.map((x) => x.code)].filter(Boolean).join(', ');
    return {
      code, reason: `bank.${code}`, params: { ...(status ? { status } : {}), ...(first?.code ? { bankCode: first.code } : {}) },
      message: first?.detail ?? e.message,
      ...(detail ? { detail } : {}),
      ...(status ? { status } : {}), ...(e.traceId ? { traceId: e.traceId } : {}), ...(issues.length ? { issues } : {}),
    };
  }
  // Something no one meant to throw: plain words for the screen, the exception for the manager and the log.
  return { code: 'internal', reason: 'internal.unexpected', params: {}, message: logLine('internal.unexpected', undefined), detail: technical(e) };
}
