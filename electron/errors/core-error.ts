/**
 * The error the main process raises on purpose (a refusal with a category code,
 * a listed reason and its parameters); core/errors.ts maps it to the IpcError
 * the renderer receives. Its own folder so that the payment engine and the IPC
 * core can both raise it while payments never imports the core.
 */
import type { IpcErrorCode } from '../../shared/ipc/types.js';
import { english, type Reason, type ReasonParams } from '../../shared/ipc/error-reasons.js';
import type { FieldIssue } from '../../shared/result.js';

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

  /** A refusal with a listed reason: the English message comes from the same place a translation would. */
  static of<R extends Reason>(code: IpcErrorCode, reason: R, params: ReasonParams<R>, more: { issues?: FieldIssue[]; detail?: string } = {}): CoreError {
    const p = (params ?? {}) as Record<string, string | number>;
    return new CoreError(code, english(reason, params), more.issues, { reason, params: p, ...(more.detail ? { detail: more.detail } : {}) });
  }
}
