/**
 * The single entry from outside into the core: finds the method's row in the
 * IPC contract, applies its policy (manager PIN, then bank scope), validates
 * the payload against its schema, runs the handler, and turns every failure
 * into a typed IpcError. Electron's ipcMain and the browser harness both call
 * this, so the two can never drift apart, and no handler re-checks a policy.
 */
import { CONTRACT, isMethod } from '../../shared/ipc/contract.js';
import { validate } from '../../shared/ipc/schema-kit.js';
import type { IpcResult } from '../../shared/ipc/types.js';
import type { Core } from './types.js';
import { invalidRequest, toIpcError } from './errors.js';

export { isMethod };

export async function dispatch(core: Core, method: string, payload: unknown): Promise<IpcResult<unknown>> {
  if (typeof method !== 'string' || !isMethod(method)) return { ok: false, error: toIpcError(invalidRequest.unknownMethod(String(method))) };
  const row = CONTRACT[method];
  try {
    // The PIN comes first: without it a caller learns nothing, not even how its request was wrong.
    const waiting = core.authorize({ manager: row.manager, scope: row.scope, level: row.level });
    if (waiting) await waiting;
    const checked = validate(row.request, payload);
    if (!checked.ok) return { ok: false, error: toIpcError(invalidRequest.fromIssues(checked.issues)) };
    // The contract row ties the schema's output to the handler's request type.
    const handler = core.handlers[method] as (req: unknown) => Promise<unknown>;
    return { ok: true, value: await handler(checked.value) };
  } catch (e) {
    const error = toIpcError(e);
    // The technical detail a manager can open on screen is also kept in the log.
    if (error.detail) core.reportError?.(method, error);
    return { ok: false, error };
  }
}
