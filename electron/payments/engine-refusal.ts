/**
 * What the engine throws when it refuses a command (nothing was journaled, nothing
 * sent). It lives here, not in core, so the engine depends on nothing above it; the
 * core turns it into the IPC error with the same code, reason and issues.
 */
import type { IpcErrorCode } from '../../shared/ipc/types.js';
import type { FieldIssue } from '../../shared/result.js';

export type RefusalCode = Extract<IpcErrorCode, 'invalid_request' | 'conflict' | 'not_found' | 'bank_unavailable' | 'signed_out'>;

export class EngineRefusal extends Error {
  constructor(readonly code: RefusalCode, message: string, readonly issues?: FieldIssue[], readonly reason: string = `payment.${code}`, readonly params: Record<string, string | number> = {}) {
    super(message);
    this.name = 'EngineRefusal';
  }
}
