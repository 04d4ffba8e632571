/**
 * The single entry from outside into the core: validates the method name and
 * payload against the IPC contract, runs the handler, and turns every failure
 * into a typed IpcError. Electron's ipcMain and the browser harness both call
 * this, so the two can never drift apart.
 */
import { METHODS, requestValidators, type Method } from '../../shared/ipc/contract.js';
import type { IpcError, IpcResult } from '../../shared/ipc/types.js';
import type { Core } from './types.js';
import { toIpcError } from './errors.js';

export function isMethod(name: string): name is Method {
  return (METHODS as string[]).includes(name);
}

export async function dispatch(core: Core, method: string, payload: unknown): Promise<IpcResult<unknown>> {
  if (!isMethod(method)) {
    return { ok: false, error: { code: 'invalid_request', message: `unknown method "${method}"` } };
  }
  const checked = requestValidators[method](payload);
  if (!checked.ok) {
    const first = checked.issues[0];
    const error: IpcError = {
      code: 'invalid_request',
      message: first ? `${first.pointer}: ${first.detail}` : 'invalid request',
      issues: checked.issues,
    };
    return { ok: false, error };
  }
  try {
    // The contract table guarantees the handler and validator agree on the request type.
    const handler = core.handlers[method] as (req: unknown) => Promise<unknown>;
    return { ok: true, value: await handler(checked.value) };
  } catch (e) {
    return { ok: false, error: toIpcError(e) };
  }
}
